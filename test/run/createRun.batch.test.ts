import { describe, expect, it } from 'vitest';
import {
  approveCall,
  createGate,
  createGrant,
  createRegistry,
  createRun,
  type AuthorizedCall,
  ToolgateError,
  type RecordSink,
  type Run,
  type RunEntry,
} from '../../src/index.js';
import { proposeAndFire, type CallProposal } from '../../src/fire/proposeAndFire.js';
import type { FireOutcome } from '../../src/fire/types.js';
import { createMemoryLedger } from '../../src/run/createMemoryLedger.js';
import { FIRE_TURN, WRITE_BATCH, type RunInternals } from '../../src/run/runInternals.js';
import { expectRejection } from '../helpers/expectRejection.js';
import { aCall, aRun } from '../helpers/runBuilders.js';

/**
 * A sync sink that can commit several entries at once (as the SQLite and JSONL sinks can), its
 * writes and batches logged in order; `failNext` makes the next batch throw, committing nothing.
 */
function aBatchSink() {
  const log: { readonly how: 'write' | 'batch'; readonly entries: readonly RunEntry[] }[] = [];
  const state = { failNext: false };
  const sink = {
    write: (entry: RunEntry) => {
      log.push({ how: 'write', entries: [entry] });
    },
    [WRITE_BATCH]: (entries: readonly RunEntry[]) => {
      if (state.failNext) {
        state.failNext = false;
        throw new Error('SQLITE_FULL: database or disk is full');
      }
      log.push({ how: 'batch', entries: [...entries] });
    },
  };
  return { sink, log, state };
}

const SEARCH: CallProposal = aCall('search', { query: 'budget' });
const found = (call: AuthorizedCall) => `found ${String(call.arguments.query)}`;

describe('a run with a sink that commits several entries at once (fireTurn)', () => {
  it('commits a one-call turn and its dispatch together before the handler runs, and the end alone after', async () => {
    const { sink, log } = aBatchSink();
    const { run } = aRun({ run: { sink, id: 'r1' } });
    let seenByHandler: string[] = [];
    const outcome = await proposeAndFire(
      SEARCH,
      (call) => {
        seenByHandler = log.map((step) => step.how);
        return found(call);
      },
      {},
      { run },
    );
    expect(outcome.status).toBe('ok');
    expect(seenByHandler).toEqual(['batch']);
    expect(log.map((step) => [step.how, step.entries.map((entry) => entry.type)])).toEqual([
      ['batch', ['turn', 'dispatch']],
      ['write', ['fire']],
    ]);
    // Each entry is stamped with the run id and frozen, as a single write's is.
    for (const entry of log.flatMap((step) => step.entries)) {
      expect(entry.run).toBe('r1');
      expect(Object.isFrozen(entry)).toBe(true);
    }
  });

  it('records exactly what a sink without batches records, call after call, allowed or refused', async () => {
    const calls: CallProposal[] = [
      SEARCH,
      aCall('web-search', { query: 'x' }, 2), // not granted: refused at the proposal
      aCall('files/read', { path: '/etc/passwd' }), // out of the folders
      aCall('search', { query: 'again' }),
    ];
    const plain: RunEntry[] = [];
    const batched = aBatchSink();
    const one = aRun({ run: { sink: { write: (entry) => void plain.push(entry) }, id: 'r' } });
    const two = aRun({ run: { sink: batched.sink, id: 'r' } });
    const outcomes: [FireOutcome, FireOutcome][] = [];
    for (const call of calls)
      outcomes.push([
        await proposeAndFire(call, found, {}, { run: one.run }),
        await proposeAndFire(call, found, {}, { run: two.run }),
      ]);
    expect(outcomes.map(([a]) => a.status)).toEqual(['ok', 'refused', 'refused', 'ok']);
    for (const [a, b] of outcomes) expect(b).toEqual(a);
    expect(batched.log.flatMap((step) => step.entries)).toEqual(plain);
    expect(two.run.records()).toEqual(one.run.records());
    expect(two.run.summary()).toEqual(one.run.summary());
    // A refused turn has no dispatch: its batch holds the turn alone.
    expect(batched.log[2]).toMatchObject({ how: 'batch', entries: [{ type: 'turn' }] });
  });

  it('a batch that fails leaves the run as before: no turn, no budget spent, the call not run', async () => {
    const { sink, log, state } = aBatchSink();
    // Two turns: a tool turn on the last one dead-letters the run, so only the first can call.
    const { run } = aRun({ run: { sink }, grant: { budgets: { turns: 2 } } });
    const before = { records: run.records(), summary: run.summary(), status: run.status };
    let ran = 0;
    const handler = (call: AuthorizedCall) => {
      ran += 1;
      return found(call);
    };
    state.failNext = true;
    await expectRejection(proposeAndFire(SEARCH, handler, {}, { run }), 'SQLITE_FULL');
    expect(ran).toBe(0);
    expect(log).toEqual([]);
    expect({ records: run.records(), summary: run.summary(), status: run.status }).toEqual(before);
    // The turn that can still call is still there.
    const outcome = await proposeAndFire(SEARCH, handler, {}, { run });
    expect(outcome.status).toBe('ok');
    expect(ran).toBe(1);
    expect(run.records()).toHaveLength(1);
    expect(run.records()[0]?.index).toBe(0);
  });

  it('a batch that fails keeps the earlier turn the latest, and the run not dead_lettered', async () => {
    const { sink, state } = aBatchSink();
    // One turn: a tool turn on it would dead-letter the run.
    const { run } = aRun({ run: { sink }, grant: { budgets: { turns: 1 } } });
    state.failNext = true;
    await expectRejection(proposeAndFire(SEARCH, found, {}, { run }), 'SQLITE_FULL');
    expect(run.status).toBe('pending');

    const other = aRun({ run: { sink } });
    const earlier = other.run.propose({ calls: [SEARCH, aCall('search', { query: 'later' })] });
    const [first, second] = earlier.calls ?? [];
    if (first === undefined || second === undefined) throw new Error('expected two calls');
    expect(other.run.dispatch(first).allowed).toBe(true);
    state.failNext = true;
    await expectRejection(proposeAndFire(SEARCH, found, {}, { run: other.run }), 'SQLITE_FULL');
    // The turn that failed never became the latest: the earlier one's call is still dispatchable.
    expect(other.run.dispatch(second).allowed).toBe(true);
  });

  it('a batch that fails does not use the approval its dispatch accepted', async () => {
    const key = new Uint8Array(32).fill(9);
    const gate = createGate({ registry: createRegistry(), approvalKey: key });
    const grant = createGrant({ tools: ['fs-write@1'], folders: ['/srv'], ask: ['fs-write@1'] });
    const { sink, state } = aBatchSink();
    const run = createRun({ gate, grant, sink });
    const write = aCall('fs-write', { path: '/srv/a.txt', content: 'x' });
    const asked = await proposeAndFire(write, () => 'written', {}, { run });
    if (asked.status !== 'refused' || asked.refusal.approval === undefined)
      throw new Error(`expected approval_required, got ${JSON.stringify(asked)}`);
    const approval = approveCall(asked.refusal.approval, key);
    state.failNext = true;
    await expectRejection(
      proposeAndFire(write, () => 'written', {}, { run }, { approval }),
      'SQLITE_FULL',
    );
    // The token was not used up by the turn that never happened: it still approves the call once.
    const approved = await proposeAndFire(write, () => 'written', {}, { run }, { approval });
    expect(approved.status).toBe('ok');
    const reused = await proposeAndFire(write, () => 'written', {}, { run }, { approval });
    expect(reused).toMatchObject({ status: 'refused', refusal: { code: 'approval_reused' } });
    // A batch that fails puts back only what it used: the token used before stays used.
    state.failNext = true;
    await expectRejection(
      proposeAndFire(write, () => 'written', {}, { run }),
      'SQLITE_FULL',
    );
    const again = await proposeAndFire(write, () => 'written', {}, { run }, { approval });
    expect(again).toMatchObject({ status: 'refused', refusal: { code: 'approval_reused' } });
  });

  it('throws bad options at once, as a run without batches does, and stays as it was', () => {
    const { sink, log } = aBatchSink();
    const { run } = aRun({ run: { sink, steps: [{ name: 'search', tools: ['search'] }] } });
    const fireTurn = (run as Run & RunInternals)[FIRE_TURN];
    expect(() =>
      fireTurn({ calls: [SEARCH] }, { step: 'no-such-step' }, found, {}, undefined),
    ).toThrow(ToolgateError);
    expect(log).toEqual([]);
    expect(run.records()).toEqual([]);
    expect(run.summary()).toEqual(
      aRun({ run: { steps: [{ name: 'search', tools: ['search'] }] } }).run.summary(),
    );
  });

  it('does not batch with a ledger (its spend cannot be undone), nor through a method that is only named alike', async () => {
    const { sink, log } = aBatchSink();
    const ledgered = aRun({ run: { sink, id: 'l1', ledger: createMemoryLedger() } });
    expect((await proposeAndFire(SEARCH, found, {}, { run: ledgered.run })).status).toBe('ok');
    expect(log.map((step) => step.how)).toEqual(['write', 'write', 'write']);

    const writes: RunEntry[] = [];
    let many = 0;
    const inherited = Object.create({ [WRITE_BATCH]: () => (many += 1) }) as RecordSink;
    const named: RecordSink & { writeMany: () => void } = {
      write: (entry) => void writes.push(entry),
      writeMany: () => (many += 1),
    };
    Object.assign(inherited, { write: (entry: RunEntry) => void writes.push(entry) });
    const notAFunction = {
      write: (entry: RunEntry) => void writes.push(entry),
      [WRITE_BATCH]: 'yes',
    } as unknown as RecordSink;
    for (const other of [named, inherited, notAFunction]) {
      const { run } = aRun({ run: { sink: other } });
      expect((await proposeAndFire(SEARCH, found, {}, { run })).status).toBe('ok');
    }
    expect(many).toBe(0);
    expect(writes.map((entry) => entry.type)).toEqual([
      ...['turn', 'dispatch', 'fire'],
      ...['turn', 'dispatch', 'fire'],
      ...['turn', 'dispatch', 'fire'],
    ]);
  });
});
