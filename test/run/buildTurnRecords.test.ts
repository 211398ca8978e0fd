import { describe, expect, it } from 'vitest';
import type { AuthorizedCall, Refusal, TurnDecision } from '../../src/gate/types.js';
import { buildTurnRecords, type TurnFacts } from '../../src/run/buildTurnRecords.js';

const call: AuthorizedCall = Object.freeze({
  tool: 'fs/read',
  version: 1,
  ref: 'fs/read@1',
  shape: 'fs/read@1',
  arguments: Object.freeze({ path: '/srv/a' }),
});
const refusal: Refusal = Object.freeze({
  check: 'proposal.granted',
  code: 'not_granted',
  reason: 'the tool fs/write@1 is not granted',
});
const decisions: Record<string, TurnDecision> = {
  answer: { settled: 'answer', answer: 'done' },
  rejected: { settled: 'rejected', refusal },
  tool: { settled: 'tool', calls: [call] },
};

const facts = (
  settled: TurnFacts['settled'],
  names: { step?: string; session?: string },
): TurnFacts => ({
  index: 4,
  step: names.step,
  ...(names.session === undefined ? {} : { session: names.session }),
  settled,
  spent: { turns: 1, toolCalls: settled === 'tool' ? 1 : 0 },
  decision: decisions[settled],
  resolve: () => undefined,
  keepSecret: () => true,
});

/** The keys after index that each outcome's record carries, in order. */
const tails = {
  answer: ['settled', 'answer', 'spent'],
  rejected: ['settled', 'refusal', 'reprompt', 'spent'],
  tool: ['calls', 'settled', 'tools', 'dispatches', 'spent'],
  dead_lettered: ['settled', 'spent'],
} as const;

describe('buildTurnRecords', () => {
  // The stored record is what sinks write as JSON, so its keys and their order are its format.
  it.each([
    [{}, []],
    [{ step: 'plan' }, ['step']],
    [{ session: 's1' }, ['session']],
    [{ step: 'plan', session: 's1' }, ['step', 'session']],
  ] as const)(
    'gives each outcome the keys index, %j, then its own, in that order, with no key left undefined',
    (names, named) => {
      for (const settled of ['answer', 'rejected', 'tool', 'dead_lettered'] as const) {
        const { live, stored } = buildTurnRecords(facts(settled, names));
        for (const record of [live, stored]) {
          expect(Object.keys(record)).toEqual(['index', ...named, ...tails[settled]]);
          expect(Object.values(record)).not.toContain(undefined);
          expect(Object.isFrozen(record)).toBe(true);
        }
      }
    },
  );

  it('dead-letters a settlement its decision does not back, authorizing nothing', () => {
    const { live } = buildTurnRecords({ ...facts('answer', {}), decision: decisions.tool });
    expect(live).toEqual({ index: 4, settled: 'dead_lettered', spent: { turns: 1, toolCalls: 0 } });
    const rejected = buildTurnRecords({ ...facts('rejected', {}), decision: decisions.answer });
    expect(rejected.live.settled).toBe('dead_lettered');
    const tool = buildTurnRecords({ ...facts('tool', {}), decision: undefined });
    expect(tool.live.settled).toBe('dead_lettered');
  });
});
