import { describe, expect, it } from 'vitest';
import {
  ToolgateError,
  createMemoryLedger,
  type AuthorizedCall,
  type LedgerState,
  type RunLedger,
  type TurnRecord,
} from '../../src/index.js';
import { ANSWER_TURN, SEARCH_TURN, aRun } from '../helpers/runBuilders.js';

function callsOf(record: TurnRecord): readonly AuthorizedCall[] {
  if (record.calls === undefined)
    throw new Error(`expected a tool turn: ${JSON.stringify(record)}`);
  return record.calls;
}

describe('createRun with a ledger', () => {
  it('lets runs of one id on one ledger share their budgets', () => {
    const ledger = createMemoryLedger();
    const a = aRun({ run: { ledger, id: 'shared', budgets: { toolCalls: 3 } } }).run;
    const b = aRun({ run: { ledger, id: 'shared', budgets: { toolCalls: 3 } } }).run;
    const other = aRun({ run: { ledger, id: 'other', budgets: { toolCalls: 3 } } }).run;
    expect(a.propose(SEARCH_TURN).settled).toBe('tool');
    expect(b.propose(SEARCH_TURN).settled).toBe('tool');
    expect(a.propose(SEARCH_TURN).settled).toBe('tool');
    // Three tool calls spent between a and b: the fourth dead-letters the run id.
    expect(b.propose(SEARCH_TURN).settled).toBe('dead_lettered');
    expect(ledger.read('shared')).toEqual({ turns: 4, toolCalls: 3, dead: true, touched: [] });
    expect(a.propose(ANSWER_TURN).settled).toBe('dead_lettered');
    expect(other.propose(SEARCH_TURN).settled).toBe('tool');
  });

  it('still dispatches a call paid for before another run of the id dead-lettered it', () => {
    const ledger = createMemoryLedger();
    const a = aRun({ run: { ledger, id: 'r', budgets: { turns: 2 } } }).run;
    const b = aRun({ run: { ledger, id: 'r', budgets: { turns: 2 } } }).run;
    const [call] = callsOf(a.propose(SEARCH_TURN));
    expect(b.propose(SEARCH_TURN).settled).toBe('dead_lettered');
    expect(a.dispatch(call).allowed).toBe(true);
    expect(a.propose(ANSWER_TURN).settled).toBe('dead_lettered');
  });

  it('refuses a dispatch when the ledger shows the budget overspent', () => {
    const inner = createMemoryLedger();
    const { run } = aRun({ run: { ledger: inner, id: 'r', budgets: { toolCalls: 1 } } });
    const [call] = callsOf(run.propose(SEARCH_TURN));
    inner.spend('r', inner.read('r'), { turns: 0, toolCalls: 5, dead: false });
    const verdict = run.dispatch(call);
    expect(verdict.allowed ? '' : verdict.refusal.reason).toBe(
      'the run ledger shows this run spent past its budget elsewhere',
    );
  });

  it('decides a turn again when another process spent between its read and its spend', () => {
    const inner = createMemoryLedger();
    let raced = false;
    const ledger: RunLedger = {
      ...inner,
      spend: (run: string, seen: LedgerState, add) => {
        if (!raced) {
          raced = true;
          // Someone else spends the last tool call first.
          inner.spend(run, seen, { turns: 1, toolCalls: 1, dead: false });
        }
        return inner.spend(run, seen, add);
      },
    };
    const { run } = aRun({ run: { ledger, id: 'x', budgets: { toolCalls: 1 } } });
    expect(run.propose(SEARCH_TURN).settled).toBe('dead_lettered');
    expect(inner.read('x')).toEqual({ turns: 2, toolCalls: 1, dead: true, touched: [] });
  });

  it('refuses, never throws, when the ledger fails; the same run goes on once it is back', async () => {
    const inner = createMemoryLedger();
    let down = false;
    const fail = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    const ledger: RunLedger = {
      async: true,
      read: (run: string) => (down ? fail() : Promise.resolve(inner.read(run))),
      spend: (run: string, seen: LedgerState, add) =>
        down ? fail() : Promise.resolve(inner.spend(run, seen, add)),
      acceptApproval: (run: string, token: string) =>
        down ? fail() : Promise.resolve(inner.acceptApproval(run, token)),
    };
    const { run } = aRun({ run: { ledger, id: 'r' } });
    down = true;
    const turn = await run.proposeAsync(SEARCH_TURN);
    expect(turn).toMatchObject({
      index: 0,
      settled: 'rejected',
      refusal: {
        check: 'run.ledger',
        code: 'check_failed',
        reason:
          'the run ledger could not be reached, so this turn was refused: connect ECONNREFUSED 127.0.0.1:5432',
      },
      spent: { turns: 0, toolCalls: 0 },
    });
    expect(run.records()).toEqual([]);
    down = false;
    const [call] = callsOf(await run.proposeAsync(SEARCH_TURN));
    down = true;
    const refused = await run.dispatchAsync(call);
    expect(refused.allowed ? undefined : refused.refusal).toEqual({
      check: 'run.ledger',
      code: 'check_failed',
      reason:
        'the run ledger could not be reached, so this dispatch was refused: connect ECONNREFUSED 127.0.0.1:5432',
    });
    down = false;
    expect((await run.dispatchAsync(call)).allowed).toBe(true);
    expect(inner.read('r')).toEqual({ turns: 1, toolCalls: 1, dead: false, touched: [] });
  });

  it('throws a ToolgateError from the sync forms of a run with an async ledger', () => {
    const ledger = { ...createMemoryLedger(), async: true };
    const { run } = aRun({ run: { ledger, id: 'r' } });
    expect(() => run.propose(ANSWER_TURN)).toThrow(ToolgateError);
  });

  it('needs an id and a ledger with read, spend and acceptApproval', () => {
    expect(() => aRun({ run: { ledger: createMemoryLedger() } })).toThrow(
      'a run with a ledger needs an id: the ledger keeps budgets by run id',
    );
    expect(() => aRun({ run: { ledger: { read: () => 0 } as never, id: 'r' } })).toThrow(
      'ledger must have read, spend and acceptApproval functions, such as createMemoryLedger()',
    );
  });

  it('accepts an approval token once per run id', () => {
    const ledger = createMemoryLedger();
    expect(ledger.acceptApproval('r', 'hmac-sha256:ab')).toBe(true);
    expect(ledger.acceptApproval('r', 'hmac-sha256:ab')).toBe(false);
    expect(ledger.acceptApproval('s', 'hmac-sha256:ab')).toBe(true);
  });
});
