import { describe, expect, it } from 'vitest';
import {
  ToolgateError,
  type AuthorizedCall,
  type Run,
  type RunEntry,
  type TurnRecord,
} from '../../src/index.js';
import { proposeAndFire } from '../../src/fire/proposeAndFire.js';
import { proposeAwaited } from '../../src/run/runInternals.js';
import { ANSWER_TURN, SEARCH_TURN, UNGRANTED_TURN, aRun } from '../helpers/runBuilders.js';

function callsOf(record: TurnRecord): readonly AuthorizedCall[] {
  if (record.calls === undefined)
    throw new Error(`expected a tool turn: ${JSON.stringify(record)}`);
  return record.calls;
}

/** An async sink that takes an entry a few milliseconds later, or fails while `down`. */
function anAsyncSink() {
  const durable: RunEntry[] = [];
  const state = { down: false };
  return {
    durable,
    state,
    sink: {
      async: true,
      write: (entry: RunEntry) =>
        new Promise<void>((resolve, reject) => {
          setTimeout(() => {
            if (state.down) reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
            else {
              durable.push(entry);
              resolve();
            }
          }, 2);
        }),
    },
  };
}

describe('createRun with an async sink', () => {
  it('resolves a turn and an allowed dispatch only once their records are durable', async () => {
    const { sink, durable } = anAsyncSink();
    const { run } = aRun({ run: { sink, id: 'a' } });
    const turn = await run.proposeAsync(SEARCH_TURN);
    expect(durable.map((entry) => entry.type)).toEqual(['turn']);
    const verdict = await run.dispatchAsync(callsOf(turn)[0]);
    expect(verdict.allowed).toBe(true);
    expect(durable.map((entry) => entry.type)).toEqual(['turn', 'dispatch']);
    expect(run.records()[0]?.dispatches).toHaveLength(1);
  });

  it('queues async calls, so turns made without awaiting keep their order', async () => {
    const { sink, durable } = anAsyncSink();
    const { run } = aRun({ run: { sink } });
    const records = await Promise.all([
      run.proposeAsync(ANSWER_TURN),
      run.proposeAsync(SEARCH_TURN),
      run.proposeAsync(ANSWER_TURN),
    ]);
    expect(records.map((record) => record.index)).toEqual([0, 1, 2]);
    expect(durable.map((entry) => entry.type === 'turn' && entry.record.index)).toEqual([0, 1, 2]);
  });

  it('refuses a dispatch the store could not take, and allows it once the store is back', async () => {
    const { sink, state, durable } = anAsyncSink();
    const { run } = aRun({ run: { sink } });
    const [call] = callsOf(await run.proposeAsync(SEARCH_TURN));
    state.down = true;
    const refused = await run.dispatchAsync(call);
    expect(refused).toEqual({
      allowed: false,
      refusal: {
        check: 'run.records',
        code: 'check_failed',
        reason:
          'the record store could not record this dispatch, so it was refused: connect ECONNREFUSED 127.0.0.1:5432',
      },
    });
    expect(run.records()[0]?.dispatches).toEqual([]);
    state.down = false;
    expect((await run.dispatchAsync(call)).allowed).toBe(true);
    expect(durable.filter((entry) => entry.type === 'dispatch')).toHaveLength(1);
  });

  it('rejects a turn the store could not take without keeping it or spending the budget', async () => {
    const { sink, state } = anAsyncSink();
    const { run } = aRun({ run: { sink }, grant: { budgets: { turns: 1 } } });
    state.down = true;
    const record = await run.proposeAsync(SEARCH_TURN);
    expect(record).toMatchObject({
      index: 0,
      settled: 'rejected',
      refusal: { check: 'run.records', code: 'check_failed' },
      spent: { turns: 0, toolCalls: 0 },
    });
    expect(record.reprompt).toContain('the record store could not record this turn');
    expect(run.records()).toEqual([]);
    expect(run.summary().turns).toBe(0);
    state.down = false;
    expect((await run.proposeAsync(ANSWER_TURN)).settled).toBe('answer');
  });

  it('does not dispatch a call of a turn the store could not take', async () => {
    const { sink, state } = anAsyncSink();
    const { run } = aRun({ run: { sink } });
    const [call] = callsOf(await run.proposeAsync(SEARCH_TURN));
    expect((await run.dispatchAsync(call)).allowed).toBe(true);
    state.down = true;
    await run.proposeAsync(SEARCH_TURN);
    state.down = false;
    // The latest kept turn is still the first, whose only call was dispatched already.
    const again = await run.dispatchAsync(call);
    expect(again.allowed ? '' : again.refusal.reason).toBe('the call was already dispatched');
  });

  it('throws a ToolgateError from the sync forms, before recording anything', () => {
    const { sink, durable } = anAsyncSink();
    const { run } = aRun({ run: { sink } });
    expect(() => run.propose(ANSWER_TURN)).toThrow(ToolgateError);
    expect(() => run.propose(ANSWER_TURN)).toThrow(/use run\.proposeAsync/);
    expect(run.records()).toEqual([]);
    expect(durable).toEqual([]);
  });

  it('throws from the sync forms when a sink without the flag returns a promise, and commits nothing', () => {
    const { run } = aRun({ run: { sink: { write: () => Promise.resolve() } } });
    expect(() => run.propose(ANSWER_TURN)).toThrow(/asynchronous sink/);
    expect(run.records()).toEqual([]);
  });

  it('works the same with a sync sink through the async forms', async () => {
    const entries: RunEntry[] = [];
    const { run } = aRun({
      run: { sink: { write: (entry: RunEntry) => void entries.push(entry) } },
    });
    const [call] = callsOf(await run.proposeAsync(SEARCH_TURN));
    expect((await run.dispatchAsync(call)).allowed).toBe(true);
    expect(entries.map((entry) => entry.type)).toEqual(['turn', 'dispatch']);
  });

  it('fires through the async path and records how the call ended', async () => {
    const { sink, durable } = anAsyncSink();
    const { run } = aRun({ run: { sink } });
    const [call] = callsOf(await run.proposeAsync(SEARCH_TURN));
    const outcome = await run.fire(call, { 'search@1': () => ({ hits: 1 }) });
    expect(outcome.status).toBe('ok');
    expect(durable.map((entry) => entry.type)).toEqual(['turn', 'dispatch', 'fire']);
    expect(run.records()[0]?.fires).toEqual([{ callIndex: 0, ref: 'search@1', status: 'ok' }]);
  });

  it('does not run the handler when the store could not take the dispatch', async () => {
    const { sink, state } = anAsyncSink();
    const { run } = aRun({ run: { sink } });
    const [call] = callsOf(await run.proposeAsync(SEARCH_TURN));
    state.down = true;
    let ran = false;
    const outcome = await run.fire(call, {
      'search@1': () => {
        ran = true;
        return 'x';
      },
    });
    expect(ran).toBe(false);
    expect(outcome.status).toBe('refused');
  });
});

describe('proposeAndFire over a run with an async sink (the proxy with --records postgres://)', () => {
  it('proposes and dispatches each call in one step, so 40 concurrent calls all run, each recorded once', async () => {
    const { sink, durable } = anAsyncSink();
    const { run } = aRun({ run: { sink, id: 'shared' } });
    const handler = (call: AuthorizedCall) => `found ${String(call.arguments.query)}`;
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        proposeAndFire(
          { tool: 'search', version: 1, arguments: { query: `q${String(index)}` } },
          handler,
          {},
          { run, session: `s${String(index % 4)}` },
        ),
      ),
    );
    // Were the proposal and the dispatch apart, a later turn would land between them and the
    // dispatch would find its call no longer in the latest turn.
    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(40).fill('ok'));
    expect(new Set(outcomes.map((outcome) => outcome.text)).size).toBe(40);
    const types = durable.map((entry) => entry.type);
    expect(types.filter((type) => type === 'turn')).toHaveLength(40);
    expect(types.filter((type) => type === 'dispatch')).toHaveLength(40);
    expect(types.filter((type) => type === 'fire')).toHaveLength(40);
    // Each turn is followed by its own dispatch before the next turn.
    const decisions = types.filter((type) => type !== 'fire');
    expect(decisions).toEqual(Array.from({ length: 40 }, () => ['turn', 'dispatch']).flat());
    expect(run.records().map((record) => record.session)).toEqual(
      Array.from({ length: 40 }, (_, index) => `s${String(index % 4)}`),
    );
    // Each dispatch and fire names its turn's session too, in the records and in the sink.
    for (const record of run.records()) {
      expect(record.dispatches?.map((dispatch) => dispatch.session)).toEqual([record.session]);
      expect(record.fires?.map((fire) => fire.session)).toEqual([record.session]);
    }
    const sessionOf = (entry: RunEntry) =>
      entry.type === 'turn'
        ? entry.record.session
        : entry.type === 'dispatch'
          ? entry.dispatch.session
          : entry.fire.session;
    const turnOf = (entry: RunEntry) => (entry.type === 'turn' ? entry.record.index : entry.turn);
    for (const entry of durable) expect(sessionOf(entry)).toBe(`s${String(turnOf(entry) % 4)}`);
  });

  it('refuses an ungranted call through the run, its turn recorded and awaited, with an async sink', async () => {
    const { sink, durable } = anAsyncSink();
    const { run } = aRun({ run: { sink, id: 'shared' } });
    expect(() => run.propose(SEARCH_TURN)).toThrow(ToolgateError);
    const outcome = await proposeAndFire(
      { tool: 'web-search', version: 2, arguments: { query: 'x' } },
      () => 'never',
      {},
      { run },
    );
    expect(outcome).toMatchObject({ status: 'refused', refusal: { code: 'not_granted' } });
    expect(durable.map((entry) => entry.type)).toEqual(['turn']);
  });
});

describe('proposeAndFire and proposeAwaited over a run of another copy of toolgate', () => {
  /** What the other build's run looks like from here: its public methods, none of this copy's symbols. */
  const foreign = (run: Run): Run => ({
    propose: run.propose,
    dispatch: run.dispatch,
    proposeAsync: run.proposeAsync,
    dispatchAsync: run.dispatchAsync,
    fire: run.fire,
    records: run.records,
    summary: run.summary,
    budgets: run.budgets,
    enforce: run.enforce,
    status: run.status,
  });

  it('fires through the public methods and records the turn, as before revision 3', async () => {
    const { run } = aRun({ run: { id: 'other' } });
    const outcome = await proposeAndFire(
      { tool: 'search', version: 1, arguments: { query: 'q' } },
      () => 'found',
      {},
      { run: foreign(run) },
    );
    expect(outcome).toMatchObject({ status: 'ok', text: 'found' });
    expect(run.records()[0]?.fires).toEqual([{ callIndex: 0, ref: 'search@1', status: 'ok' }]);
    const refused = await proposeAndFire(
      { tool: 'web-search', version: 2, arguments: { query: 'x' } },
      () => 'never',
      {},
      { run: foreign(run) },
    );
    expect(refused).toMatchObject({ status: 'refused', refusal: { code: 'not_granted' } });
    const recorded = await proposeAwaited(foreign(run), UNGRANTED_TURN);
    expect(recorded.settled).toBe('rejected');
    expect(run.records()).toHaveLength(3);
  });
});
