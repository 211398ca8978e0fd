import { describe, expect, it, vi } from 'vitest';
import {
  fire,
  ToolgateError,
  type AuthorizedCall,
  type HandlerContext,
  type ToolHandler,
} from '../../src/index.js';
import { aCall, aRun, callsTurn } from '../helpers/runBuilders.js';

/** A gate, a grant and the calls of one checked turn. */
function checked(...calls: unknown[]) {
  const { gate, grant } = aRun();
  const turn = gate.checkTurn(callsTurn(...calls), { grant });
  if (turn.settled !== 'tool') throw new Error(`expected a tool turn, got ${JSON.stringify(turn)}`);
  return { gate, grant, calls: turn.calls };
}

const never: ToolHandler = () => new Promise(() => undefined);

describe('fire', () => {
  it('runs the handler on an allowed call, with the call exactly as authorized (rawArguments verbatim)', async () => {
    const raw = '{ "query" :  "budget" }';
    const { gate, grant, calls } = checked(aCall('search', raw));
    const seen: [AuthorizedCall, HandlerContext][] = [];
    const outcome = await fire(
      calls[0],
      (call, context) => {
        seen.push([call, context]);
        return { hits: 2 };
      },
      { gate, grant, cwd: '/srv' },
    );
    expect(seen[0]?.[0]).toBe(calls[0]);
    expect(seen[0]?.[0].rawArguments).toBe(raw);
    expect(seen[0]?.[1]).toMatchObject({ grant, cwd: '/srv' });
    expect(seen[0]?.[1].signal.aborted).toBe(false);
    expect(outcome).toEqual({
      status: 'ok',
      call: calls[0],
      output: { hits: 2 },
      text: '{\n  "hits": 2\n}',
    });
  });

  it('never runs the handler of a call the dispatch stage refuses, and gives the model the reason', async () => {
    const { gate, grant, calls } = checked(aCall('files/read', { path: '/etc/passwd' }));
    const handler = vi.fn();
    const outcome = await fire(calls[0], handler, { gate, grant });
    expect(handler).not.toHaveBeenCalled();
    expect(outcome).toMatchObject({
      status: 'refused',
      refusal: { code: 'folder_out_of_scope' },
      text: 'the path /etc/passwd is outside the granted folder scope',
    });
  });

  it('refuses a forged call that never passed the proposal stage', async () => {
    const { gate, grant } = checked(aCall('search', { query: 'x' }));
    const handler = vi.fn();
    const forged = {
      tool: 'web-search',
      version: 2,
      ref: 'web-search@2',
      shape: 'call',
      arguments: {},
    };
    expect(await fire(forged, handler, { gate, grant })).toMatchObject({
      status: 'refused',
      refusal: { code: 'not_granted' },
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it('turns a handler that throws (at once or later) into a result carrying its message', async () => {
    const { gate, grant, calls } = checked(
      aCall('search', { query: 'x' }),
      aCall('search', { query: 'y' }),
    );
    const sync = await fire(
      calls[0],
      () => {
        throw new Error('WEATHER_API_KEY is not set');
      },
      { gate, grant },
    );
    expect(sync).toEqual({
      status: 'error',
      call: calls[0],
      message: 'WEATHER_API_KEY is not set',
      text: 'WEATHER_API_KEY is not set',
    });
    const later = await fire(
      calls[1],
      () => Promise.reject(new Error('rate limited, retry in 5 s')),
      { gate, grant },
    );
    expect(later).toMatchObject({ status: 'error', text: 'rate limited, retry in 5 s' });
  });

  it('reads a thrown string, and stands in for an empty message', async () => {
    const { gate, grant, calls } = checked(
      aCall('search', { query: 'x' }),
      aCall('search', { query: 'y' }),
    );
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a tool that rejects with a string
    expect((await fire(calls[0], () => Promise.reject('plain text'), { gate, grant })).text).toBe(
      'plain text',
    );
    expect((await fire(calls[1], () => Promise.reject(new Error('')), { gate, grant })).text).toBe(
      'the tool search@1 failed without a message',
    );
  });

  it('aborts the handler signal at the deadline and settles then, even if the handler ignores it', async () => {
    const { gate, grant, calls } = checked(aCall('search', { query: 'x' }));
    let signal: AbortSignal | undefined;
    const outcome = await fire(
      calls[0],
      (_call, context) => {
        signal = context.signal;
        return never(_call, context);
      },
      { gate, grant, timeoutMs: 20 },
    );
    expect(outcome).toMatchObject({
      status: 'timed_out',
      text: 'the call to search@1 did not finish within 20 ms',
    });
    expect(signal?.aborted).toBe(true);
    expect(() => signal?.throwIfAborted()).toThrow(
      expect.objectContaining({ name: 'TimeoutError' }) as Error,
    );
  });

  it("follows the caller's signal: the handler sees the abort and throwIfAborted works", async () => {
    const { gate, grant, calls } = checked(aCall('search', { query: 'x' }));
    const controller = new AbortController();
    const thrown: unknown[] = [];
    const pending = fire(
      calls[0],
      async (_call, { signal }) => {
        await new Promise((resolve) => {
          signal.addEventListener('abort', resolve);
        });
        try {
          signal.throwIfAborted();
        } catch (error) {
          thrown.push(error);
          throw error;
        }
      },
      { gate, grant, signal: controller.signal },
    );
    controller.abort(new Error('the turn stopped'));
    expect(await pending).toMatchObject({
      status: 'aborted',
      text: 'the call to search@1 was cancelled before it finished',
    });
    await Promise.resolve();
    expect(thrown).toEqual([new Error('the turn stopped')]);
  });

  it("does not run the handler when the caller's signal is already aborted", async () => {
    const { gate, grant, calls } = checked(aCall('search', { query: 'x' }));
    const handler = vi.fn();
    const outcome = await fire(calls[0], handler, { gate, grant, signal: AbortSignal.abort() });
    expect(outcome.status).toBe('aborted');
    expect(handler).not.toHaveBeenCalled();
  });

  it('picks the handler from a table by exact ref, and says so when none is installed', async () => {
    const { gate, grant, calls } = checked(
      aCall('search', { query: 'x' }),
      aCall('net/get', { url: 'https://example.com/' }),
    );
    const handlers = { 'search@1': () => 'found', 'search@2': () => 'wrong' };
    expect(await fire(calls[0], handlers, { gate, grant })).toMatchObject({
      status: 'ok',
      text: 'found',
    });
    expect(await fire(calls[1], handlers, { gate, grant })).toMatchObject({
      status: 'error',
      text: 'no handler is installed for net/get@1',
    });
  });

  it("reports output that is not a string, JSON or binary as the call's error", async () => {
    const { gate, grant, calls } = checked(aCall('search', { query: 'x' }));
    const outcome = await fire(calls[0], () => 10n, { gate, grant });
    expect(outcome.status).toBe('error');
    expect(outcome.text).toMatch(
      /^the tool returned output that is not a string, JSON or binary data/,
    );
  });

  it('uses the given output shaper, and reports a shaper that throws', async () => {
    const { gate, grant, calls } = checked(
      aCall('search', { query: 'x' }),
      aCall('search', { query: 'y' }),
    );
    expect(
      await fire(calls[0], () => 'abc', {
        gate,
        grant,
        shapeOutput: (output) => `<${String(output)}>`,
      }),
    ).toMatchObject({ text: '<abc>' });
    const broken = await fire(calls[1], () => 'abc', {
      gate,
      grant,
      shapeOutput: () => Promise.reject(new Error('disk full')),
    });
    expect(broken).toMatchObject({ status: 'error', text: 'disk full' });
  });

  it('throws ToolgateError at once for bad options, before anything is dispatched', () => {
    const { gate, grant, calls } = checked(aCall('search', { query: 'x' }));
    const bad: unknown[] = [
      { gate, grant, timeoutMs: 0 },
      { gate, grant, timeoutMs: 1.5 },
      { gate, grant, signal: {} },
      { gate, grant, shapeOutput: 'text' },
      { gate, grant, deadline: 5 },
      { grant },
      'context',
    ];
    for (const context of bad) {
      expect(() => fire(calls[0], () => 'x', context as never), JSON.stringify(context)).toThrow(
        ToolgateError,
      );
    }
    expect(() => fire(calls[0], 'handler' as never, { gate, grant })).toThrow(ToolgateError);
    expect(() => fire(calls[0], { 'search@1': 'x' } as never, { gate, grant })).toThrow(
      ToolgateError,
    );
  });

  it('ignores a polluted Object.prototype: no deadline, no handler from it', async () => {
    const { gate, grant, calls } = checked(aCall('search', { query: 'x' }));
    const proto = Object.prototype as Record<string, unknown>;
    proto.timeoutMs = 'junk';
    proto['search@1'] = () => 'polluted';
    try {
      expect(await fire(calls[0], {}, { gate, grant })).toMatchObject({
        status: 'error',
        text: 'no handler is installed for search@1',
      });
    } finally {
      delete proto.timeoutMs;
      delete proto['search@1'];
    }
  });
});
