import type { Budgets } from '../grant/types.js';

/**
 * The budgets a run works under: each of `createRun`'s budgets, else the
 * grant's budget of the same name; neither means unlimited (absent).
 *
 * // ({ turns: 3 }, { turns: 8, toolCalls: 20 }) => { turns: 3, toolCalls: 20 }
 * // (undefined,   { toolCalls: 0 })             => { toolCalls: 0 }
 * // (undefined,   undefined)                    => {}
 */
export function resolveBudgets(run: Budgets | undefined, grant: Budgets | undefined): Budgets {
  const turns = run?.turns ?? grant?.turns;
  const toolCalls = run?.toolCalls ?? grant?.toolCalls;
  const callsPerTurn = run?.callsPerTurn ?? grant?.callsPerTurn;
  const budgets: { turns?: number; toolCalls?: number; callsPerTurn?: number } = {};
  if (turns !== undefined) budgets.turns = turns;
  if (toolCalls !== undefined) budgets.toolCalls = toolCalls;
  if (callsPerTurn !== undefined) budgets.callsPerTurn = callsPerTurn;
  return Object.freeze(budgets);
}
