import { describe, expect, it } from 'vitest';
import type { AuthorizedCall, TurnDecision } from '../../src/index.js';
import { settleTurn } from '../../src/run/settleTurn.js';

const answer: TurnDecision = { settled: 'answer', answer: 'ok' };
const rejected: TurnDecision = {
  settled: 'rejected',
  refusal: { check: 'proposal.granted', code: 'not_granted', reason: 'r' },
};
const call = { tool: 't', version: 1, ref: 't@1', shape: 'call', arguments: {} } as AuthorizedCall;
const tool = (calls: number): TurnDecision => ({
  settled: 'tool',
  calls: Array.from({ length: calls }, () => call),
});

describe('settleTurn', () => {
  it.each([
    ['an answer, unlimited', answer, {}, 'answer', 1, 0],
    ['an answer on the last turn', answer, { turns: 1 }, 'answer', 1, 0],
    ['a rejected turn with turns left', rejected, { turns: 2 }, 'rejected', 1, 0],
    ['a rejected turn on the last turn', rejected, { turns: 1 }, 'dead_lettered', 1, 0],
    ['a tool turn with turns and calls left', tool(2), { turns: 2, toolCalls: 2 }, 'tool', 1, 2],
    ['a tool turn on the last turn', tool(1), { turns: 1, toolCalls: 5 }, 'dead_lettered', 1, 0],
    [
      'a tool turn with calls beyond what is left',
      tool(3),
      { toolCalls: 2 },
      'dead_lettered',
      1,
      0,
    ],
    ['a tool turn with no tool call left', tool(1), { toolCalls: 0 }, 'dead_lettered', 1, 0],
    ['an answer with no tool call left', answer, { toolCalls: 0 }, 'answer', 1, 0],
    ['any turn with no turn left', answer, { turns: 0 }, 'dead_lettered', 0, 0],
  ] as const)('settles %s', (_name, decision, left, settled, turns, toolCalls) => {
    expect(settleTurn(decision, left)).toEqual({ settled, spent: { turns, toolCalls } });
  });

  it('settles a turn that was not checked (the run is dead-lettered) as dead_lettered, spending nothing', () => {
    expect(settleTurn(undefined, { turns: 5 })).toEqual({
      settled: 'dead_lettered',
      spent: { turns: 0, toolCalls: 0 },
    });
  });
});
