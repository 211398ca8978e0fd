import { describe, expect, it } from 'vitest';
import { createMemorySink, type AuthorizedCall, type TurnRecord } from '../../src/index.js';
import {
  ANSWER_TURN,
  SEARCH_TURN,
  UNGRANTED_TURN,
  aCall,
  aRun,
  callsTurn,
} from '../helpers/runBuilders.js';

/** The calls of a tool turn record, or a failure naming what it was. */
function callsOf(record: TurnRecord): readonly AuthorizedCall[] {
  if (record.calls === undefined)
    throw new Error(`expected a tool turn, got ${JSON.stringify(record)}`);
  return record.calls;
}

const guard = (reason: string) => ({
  allowed: false,
  refusal: { check: 'run.dispatch', code: 'check_refused', reason },
});

describe('createRun: dispatch', () => {
  it('allows a call of the latest turn inside every scope and records the decision', () => {
    const { run } = aRun();
    const [call] = callsOf(
      run.propose(callsTurn(aCall('net/get', { url: 'https://example.com/x' }))),
    );
    expect(run.dispatch(call)).toEqual({ allowed: true, call });
    const [record] = run.records();
    expect(record?.dispatches).toEqual([
      { callIndex: 0, ref: 'net/get@1', allowed: true, digest: record?.tools?.[0]?.digest },
    ]);
  });

  it("refuses a call outside a scope with the gate's refusal, and counts the turn as refused", () => {
    const { run } = aRun();
    const [call] = callsOf(run.propose(callsTurn(aCall('files/read', { path: '/etc/passwd' }))));
    const verdict = run.dispatch(call);
    expect(verdict).toEqual({
      allowed: false,
      refusal: {
        check: 'dispatch.folder',
        code: 'folder_out_of_scope',
        reason: 'the path /etc/passwd is outside the granted folder scope',
        ref: 'files/read@1',
        details: [{ pointer: '/path', message: 'no granted folder allows reading here' }],
      },
    });
    expect(run.records()[0]?.dispatches?.[0]?.refusal).toEqual(
      verdict.allowed ? undefined : verdict.refusal,
    );
    expect(run.summary().steps).toEqual({
      default: { refusedTurns: 1, byCode: { folder_out_of_scope: 1 } },
    });
  });

  it("checks the turn's step at dispatch", () => {
    const { run } = aRun({ run: { steps: [{ name: 'fetch', tools: ['net/get'] }] } });
    const [call] = callsOf(run.propose(SEARCH_TURN, { step: 'fetch' }));
    const verdict = run.dispatch(call);
    expect(verdict.allowed ? undefined : verdict.refusal.reason).toBe(
      'the tool search is unknown to step fetch',
    );
    expect(run.summary().steps.fetch).toEqual({ refusedTurns: 1, byCode: { unknown_tool: 1 } });
  });

  it("resolves relative paths against the run's cwd", () => {
    const { run } = aRun({ run: { cwd: '/srv/project' } });
    const [inside, outside] = callsOf(
      run.propose(
        callsTurn(
          aCall('files/read', { path: 'notes.md' }),
          aCall('files/read', { path: '../../etc/passwd' }),
        ),
      ),
    );
    expect(run.dispatch(inside).allowed).toBe(true);
    expect(run.dispatch(outside).allowed).toBe(false);
  });

  it('accepts a JSON copy of a call, as after crossing a process boundary, and dispatches its own', () => {
    const { run } = aRun();
    const [call] = callsOf(run.propose(SEARCH_TURN));
    const copy: unknown = JSON.parse(JSON.stringify(call));
    const verdict = run.dispatch(copy);
    expect(verdict.allowed && verdict.call).toBe(call);
  });

  it('matches equal calls one by one, then refuses a third copy as already dispatched', () => {
    const { run } = aRun();
    const calls = callsOf(
      run.propose(callsTurn(aCall('search', { query: 'x' }), aCall('search', { query: 'x' }))),
    );
    const copy = () => JSON.parse(JSON.stringify(calls[0])) as unknown;
    expect(run.dispatch(copy()).allowed).toBe(true);
    expect(run.dispatch(copy()).allowed).toBe(true);
    expect(run.dispatch(copy())).toEqual(guard('the call was already dispatched'));
    expect(run.records()[0]?.dispatches?.map((dispatch) => dispatch.callIndex)).toEqual([0, 1]);
  });

  it('refuses a call dispatched twice', () => {
    const { run } = aRun();
    const [call] = callsOf(run.propose(SEARCH_TURN));
    run.dispatch(call);
    expect(run.dispatch(call)).toEqual(guard('the call was already dispatched'));
  });

  it('decides each call once: a call refused at dispatch is not retried', () => {
    const { run } = aRun();
    const [call] = callsOf(run.propose(callsTurn(aCall('files/read', { path: '/etc/x' }))));
    expect(run.dispatch(call).allowed).toBe(false);
    expect(run.dispatch(call)).toEqual(guard('the call was already dispatched'));
  });

  it('refuses a call of an earlier turn once a later turn was proposed', () => {
    const { run } = aRun();
    const [old] = callsOf(run.propose(SEARCH_TURN));
    run.propose(ANSWER_TURN);
    expect(run.dispatch(old)).toEqual(
      guard('the call was not authorized in the latest turn of this run'),
    );
  });

  it('refuses a call no turn authorized: forged, changed, or before any turn', () => {
    const { run } = aRun();
    const forged = {
      tool: 'search',
      version: 1,
      ref: 'search@1',
      shape: 'call',
      arguments: { query: 'x' },
    };
    expect(run.dispatch(forged)).toEqual(
      guard('the call was not authorized in the latest turn of this run'),
    );
    const [call] = callsOf(run.propose(SEARCH_TURN));
    expect(run.dispatch({ ...call, arguments: { query: 'other' } })).toEqual(
      guard('the call was not authorized in the latest turn of this run'),
    );
    expect(run.dispatch({ ...call, extra: 1 }).allowed).toBe(false);
    expect(run.dispatch(null).allowed).toBe(false);
    expect(run.records()[0]?.dispatches).toEqual([]);
  });

  it('refuses every call after a rejected turn', () => {
    const { run } = aRun();
    const [call] = callsOf(run.propose(SEARCH_TURN));
    run.propose(UNGRANTED_TURN);
    expect(run.dispatch(call).allowed).toBe(false);
  });

  it('refuses every call once the run is dead-lettered', () => {
    const { run } = aRun({ grant: { budgets: { turns: 2 } } });
    const [call] = callsOf(run.propose(SEARCH_TURN));
    run.propose(SEARCH_TURN);
    expect(run.status).toBe('dead_lettered');
    expect(run.dispatch(call)).toEqual(
      guard('the run is dead_lettered, so nothing more may be dispatched'),
    );
  });

  it('re-reads the registry at dispatch: a tool removed after the proposal is refused', () => {
    const { run, registry } = aRun();
    const [call] = callsOf(run.propose(SEARCH_TURN));
    registry.deregister('search@1');
    const verdict = run.dispatch(call);
    expect(verdict.allowed ? undefined : verdict.refusal.code).toBe('not_granted');
    expect(run.records()[0]?.dispatches?.[0]).not.toHaveProperty('digest');
  });

  it('records the entry the dispatch decided over when it changed after the proposal', () => {
    const sink = createMemorySink();
    const { run, registry } = aRun({ run: { sink } });
    const [call] = callsOf(run.propose(SEARCH_TURN));
    registry.deregister('search@1');
    registry.register({
      name: 'search',
      version: 1,
      description: 'A different search.',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
    });
    expect(run.dispatch(call).allowed).toBe(true);
    const tools = run.records()[0]?.tools ?? [];
    expect(tools.map((tool) => tool.entry.description)).toEqual([
      'Searches the documents.',
      'A different search.',
    ]);
    expect(tools[1]?.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(tools[1]?.digest).not.toBe(tools[0]?.digest);
    expect(run.records()[0]?.dispatches?.[0]?.digest).toBe(tools[1]?.digest);
    const last = sink.entries().at(-1);
    expect(last?.type === 'dispatch' && last.tool?.entry.description).toBe('A different search.');
  });
});
