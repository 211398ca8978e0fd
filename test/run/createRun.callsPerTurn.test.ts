import { describe, expect, it } from 'vitest';
import { limitCallsPerTurn } from '../../src/run/limitCallsPerTurn.js';
import { aCall, ANSWER_TURN, aRun, callsTurn, UNGRANTED_TURN } from '../helpers/runBuilders.js';

const search = (query: string) => aCall('search', { query });
const threeCalls = callsTurn(search('a'), search('b'), search('c'));

describe('budgets.callsPerTurn', () => {
  it('rejects a turn proposing more calls, whole, with the SPEC reason', () => {
    const { run } = aRun({ run: { budgets: { callsPerTurn: 2 } } });
    const record = run.propose(threeCalls);
    expect(record).toMatchObject({
      settled: 'rejected',
      refusal: {
        check: 'proposal.budget',
        code: 'too_many_calls',
        reason: 'the turn proposes 3 calls; at most 2 are allowed in one turn',
      },
      spent: { turns: 1, toolCalls: 0 },
    });
    expect(record).not.toHaveProperty('calls');
    expect(record.refusal).not.toHaveProperty('callIndex');
    expect(record.reprompt).toContain(
      'the turn proposes 3 calls; at most 2 are allowed in one turn',
    );
    expect(run.summary()).toMatchObject({ turns: 1, toolCalls: 0 });
  });

  it('allows a turn with exactly the cap, and answers', () => {
    const { run } = aRun({ run: { budgets: { callsPerTurn: 3 } } });
    expect(run.propose(threeCalls)).toMatchObject({
      settled: 'tool',
      spent: { turns: 1, toolCalls: 3 },
    });
    expect(run.propose(ANSWER_TURN).settled).toBe('answer');
  });

  it('takes the cap from the grant when the run gives none, and the run cap over it', () => {
    const fromGrant = aRun({ grant: { budgets: { callsPerTurn: 1 } } });
    expect(fromGrant.run.budgets).toEqual({ callsPerTurn: 1 });
    expect(fromGrant.run.propose(threeCalls).refusal?.code).toBe('too_many_calls');
    const overridden = aRun({
      grant: { budgets: { callsPerTurn: 1 } },
      run: { budgets: { callsPerTurn: 5 } },
    });
    expect(overridden.run.propose(threeCalls).settled).toBe('tool');
  });

  it('with a cap of 0, rejects every tool turn but not an answer', () => {
    const { run } = aRun({ run: { budgets: { callsPerTurn: 0 } } });
    expect(run.propose(callsTurn(search('a'))).refusal?.reason).toBe(
      'the turn proposes 1 calls; at most 0 are allowed in one turn',
    );
    expect(run.propose(ANSWER_TURN).settled).toBe('answer');
  });

  it("keeps the gate's own refusal for a turn the gate rejects", () => {
    const { run } = aRun({ run: { budgets: { callsPerTurn: 0 } } });
    expect(run.propose(UNGRANTED_TURN).refusal?.code).toBe('not_granted');
  });

  it('dead-letters a too-large turn on the last allowed turn, like any rejected turn', () => {
    const { run } = aRun({ run: { budgets: { callsPerTurn: 1, turns: 1 } } });
    expect(run.propose(threeCalls)).toMatchObject({
      settled: 'dead_lettered',
      spent: { turns: 1, toolCalls: 0 },
    });
  });

  it('counts the refusal in the summary by code', () => {
    const { run } = aRun({ run: { budgets: { callsPerTurn: 1 } } });
    run.propose(threeCalls);
    expect(run.summary().steps.default).toEqual({
      refusedTurns: 1,
      byCode: { too_many_calls: 1 },
    });
  });

  it('refuses a bad callsPerTurn at createRun', () => {
    expect(() => aRun({ run: { budgets: { callsPerTurn: 1.5 } } })).toThrow(
      'budgets.callsPerTurn 1.5 must be a whole number of 0 or more',
    );
  });
});

describe('limitCallsPerTurn', () => {
  it('passes through anything without a cap or that is not a tool turn', () => {
    const answer = { settled: 'answer', answer: 'x' } as const;
    expect(limitCallsPerTurn(answer, 0)).toBe(answer);
    expect(limitCallsPerTurn(undefined, 0)).toBeUndefined();
    const tool = { settled: 'tool', calls: [] } as const;
    expect(limitCallsPerTurn(tool, undefined)).toBe(tool);
    expect(limitCallsPerTurn(tool, 0)).toBe(tool);
  });
});
