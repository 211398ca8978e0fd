import { describe, expect, it } from 'vitest';
import { resolveBudgets } from '../../src/run/resolveBudgets.js';

describe('resolveBudgets', () => {
  it("takes each of the run's budgets over the grant's of the same name", () => {
    expect(resolveBudgets({ turns: 3 }, { turns: 8, toolCalls: 20 })).toStrictEqual({
      turns: 3,
      toolCalls: 20,
    });
    expect(resolveBudgets({ toolCalls: 0 }, { turns: 8, toolCalls: 20 })).toStrictEqual({
      turns: 8,
      toolCalls: 0,
    });
  });

  it("falls back to the grant's, and leaves a budget out when neither has it", () => {
    expect(resolveBudgets(undefined, { toolCalls: 2 })).toStrictEqual({ toolCalls: 2 });
    expect(resolveBudgets({}, undefined)).toStrictEqual({});
    expect(resolveBudgets(undefined, undefined)).toStrictEqual({});
  });
});
