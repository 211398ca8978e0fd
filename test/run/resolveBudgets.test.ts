import { describe, expect, it } from 'vitest';
import { resolveBudgets } from '../../src/run/resolveBudgets.js';

describe('resolveBudgets', () => {
  it("takes each of the run's budgets over the grant's of the same name", () => {
    expect(resolveBudgets({ turns: 3 }, { turns: 8, toolCalls: 20 })).toEqual({
      turns: 3,
      toolCalls: 20,
    });
    expect(resolveBudgets({ toolCalls: 0 }, { turns: 8, toolCalls: 20 })).toEqual({
      turns: 8,
      toolCalls: 0,
    });
  });

  it("falls back to the grant's, and leaves a budget out when neither has it", () => {
    expect(resolveBudgets(undefined, { toolCalls: 2 })).toEqual({ toolCalls: 2 });
    expect(resolveBudgets({}, undefined)).toEqual({});
    expect(resolveBudgets(undefined, undefined)).toEqual({});
  });
});
