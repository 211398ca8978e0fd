import type { Budgets } from '../grant/types.js';
import type { Widening } from './types.js';

const BUDGETS: readonly (keyof Budgets)[] = ['turns', 'toolCalls', 'callsPerTurn'];

/**
 * Budgets `after` raises or drops (a missing budget is unlimited).
 *
 * // before { turns: 8 }, after {} => { budget: 'turns', before: 8, after: null }
 */
export function budgetWidenings(
  before: Budgets | undefined,
  after: Budgets | undefined,
): Widening[] {
  const widenings: Widening[] = [];
  for (const budget of BUDGETS) {
    const was = before?.[budget];
    const now = after?.[budget];
    if (was !== undefined && (now === undefined || now > was))
      widenings.push({
        kind: 'budget',
        entry: `budgets.${budget}`,
        witness: { budget, before: was, after: now ?? null },
      });
  }
  return widenings;
}
