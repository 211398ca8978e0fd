import { describeValue } from '../data/describeValue.js';
import { isPlainObject } from '../data/isPlainObject.js';
import type { Budgets } from '../grant/types.js';

const BUDGET_KEYS = ['turns', 'toolCalls', 'callsPerTurn'];

/**
 * Reads `createRun`'s budgets, adding each problem to `problems`: `turns`,
 * `toolCalls` and `callsPerTurn` only, each a whole number of 0 or more (0: none at all).
 *
 * // { turns: 3 }        => { turns: 3 }
 * // { turns: -1, x: 1 } => problems for both keys
 */
export function readRunBudgets(value: unknown, problems: string[]): Budgets | undefined {
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) {
    problems.push('budgets must be an object such as { turns: 8, toolCalls: 20 }');
    return undefined;
  }
  const budgets: { -readonly [K in keyof Budgets]: Budgets[K] } = {};
  for (const key of Object.keys(value)) {
    const amount = value[key];
    if (!BUDGET_KEYS.includes(key))
      problems.push(
        `budgets has unknown key ${JSON.stringify(key)}; the keys are ${BUDGET_KEYS.join(', ')}`,
      );
    else if (amount === undefined) continue;
    else if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0) {
      problems.push(`budgets.${key} ${describeValue(amount)} must be a whole number of 0 or more`);
    } else budgets[key as keyof Budgets] = amount;
  }
  return budgets;
}
