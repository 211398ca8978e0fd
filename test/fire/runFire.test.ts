import { describe, expect, it, vi } from 'vitest';
import {
  createMemorySink,
  ToolgateError,
  type AuthorizedCall,
  type TurnRecord,
} from '../../src/index.js';
import { aCall, aRun, callsTurn } from '../helpers/runBuilders.js';

function callsOf(record: TurnRecord): readonly AuthorizedCall[] {
  if (record.calls === undefined)
    throw new Error(`expected a tool turn, got ${JSON.stringify(record)}`);
  return record.calls;
}

describe('run.fire', () => {
  it("dispatches, runs the handler with the run's grant and cwd, and records how the call ended", async () => {
    const sink = createMemorySink();
    const { run, grant } = aRun({ run: { sink, cwd: '/srv', id: 'r1' } });
    const [first, second] = callsOf(
      run.propose(callsTurn(aCall('search', { query: 'a' }), aCall('search', { query: 'b' }))),
    );
    const contexts: unknown[] = [];
    const ok = await run.fire(second, (_call, context) => {
      contexts.push(context);
      return 'found';
    });
    const failed = await run.fire(first, () => {
      throw new Error('index offline');
    });
    expect(ok).toMatchObject({ status: 'ok', text: 'found' });
    expect(failed).toMatchObject({ status: 'error', text: 'index offline' });
    expect(contexts[0]).toMatchObject({ grant, cwd: '/srv' });
    expect(run.records()[0]?.fires).toEqual([
      { callIndex: 1, ref: 'search@1', status: 'ok' },
      { callIndex: 0, ref: 'search@1', status: 'error' },
    ]);
    expect(sink.entries().map((entry) => entry.type)).toEqual([
      'turn',
      'dispatch',
      'fire',
      'dispatch',
      'fire',
    ]);
    expect(sink.entries()[2]).toEqual({
      type: 'fire',
      run: 'r1',
      turn: 0,
      fire: { callIndex: 1, ref: 'search@1', status: 'ok' },
    });
  });

  it('records an aborted and a timed-out call as such', async () => {
    const { run } = aRun();
    const [a, b] = callsOf(
      run.propose(callsTurn(aCall('search', { query: 'a' }), aCall('search', { query: 'b' }))),
    );
    const controller = new AbortController();
    const pending = run.fire(a, () => new Promise(() => undefined), { signal: controller.signal });
    controller.abort();
    expect((await pending).status).toBe('aborted');
    expect((await run.fire(b, () => new Promise(() => undefined), { timeoutMs: 10 })).status).toBe(
      'timed_out',
    );
    expect(run.records()[0]?.fires?.map((record) => record.status)).toEqual([
      'aborted',
      'timed_out',
    ]);
  });

  it('never runs the handler of a refused call, and records no fire for it', async () => {
    const { run } = aRun();
    const [call] = callsOf(run.propose(callsTurn(aCall('files/read', { path: '/etc/shadow' }))));
    const handler = vi.fn();
    expect(await run.fire(call, handler)).toMatchObject({
      status: 'refused',
      refusal: { code: 'folder_out_of_scope' },
    });
    expect(handler).not.toHaveBeenCalled();
    expect(run.records()[0]?.fires).toBeUndefined();
    expect(run.records()[0]?.dispatches?.[0]?.allowed).toBe(false);
  });

  it("fires each call once: a second fire is refused by the run's own guard", async () => {
    const { run } = aRun();
    const [call] = callsOf(run.propose(callsTurn(aCall('search', { query: 'a' }))));
    const handler = vi.fn(() => 'x');
    await run.fire(call, handler);
    expect(await run.fire(call, handler)).toMatchObject({
      status: 'refused',
      text: 'the call was already dispatched',
    });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('checks its options before dispatching, so a bad option spends nothing', () => {
    const { run } = aRun();
    const [call] = callsOf(run.propose(callsTurn(aCall('search', { query: 'a' }))));
    expect(() => run.fire(call, () => 'x', { timeoutMs: -1 })).toThrow(ToolgateError);
    expect(run.records()[0]?.dispatches).toEqual([]);
  });

  it('records the end on the turn the call came from, even after a later turn', async () => {
    const { run } = aRun();
    const [call] = callsOf(run.propose(callsTurn(aCall('search', { query: 'a' }))));
    let release: (value: string) => void = () => undefined;
    const pending = run.fire(call, () => new Promise<string>((resolve) => (release = resolve)));
    run.propose({ answer: 'meanwhile' });
    release('late');
    expect(await pending).toMatchObject({ status: 'ok', text: 'late' });
    expect(run.records().map((record) => record.fires)).toEqual([
      [{ callIndex: 0, ref: 'search@1', status: 'ok' }],
      undefined,
    ]);
  });

  it('rejects when the sink fails to take the fire record, and keeps no record of it (fail closed)', async () => {
    const { run } = aRun({
      run: {
        sink: {
          write: (entry) => {
            if (entry.type === 'fire') throw new Error('disk full');
          },
        },
      },
    });
    const [call] = callsOf(run.propose(callsTurn(aCall('search', { query: 'a' }))));
    await expect(run.fire(call, () => 'x')).rejects.toThrow('disk full');
    expect(run.records()[0]?.fires).toBeUndefined();
  });
});
