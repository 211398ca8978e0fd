import type { TurnDecision } from '../gate/types.js';
import type { Budgets } from '../grant/types.js';
import type { Spent, TurnSettlement } from './types.js';

const NOTHING: Spent = /* @__PURE__ */ Object.freeze({ turns: 0, toolCalls: 0 });
const ONE_TURN: Spent = /* @__PURE__ */ Object.freeze({ turns: 1, toolCalls: 0 });

/**
 * How does a turn settle under what is left of the budgets, and what does
 * it spend? (SPEC §8)
 *
 * - No decision (the run is already dead-lettered), or no turn left: the turn
 *   is not checked, settles `dead_lettered` and spends nothing.
 * - An answer settles `answer` and spends one turn.
 * - A rejected or tool turn on the last allowed turn, or a tool turn with more
 *   calls than the tool calls left, would leave the run without a usable
 *   answer: it settles `dead_lettered`, spending its turn and no tool call.
 * - Otherwise a rejected turn spends one turn; a tool turn one turn and one
 *   tool call per call.
 *
 * // (answer, { turns: 1 })                    => answer, { turns: 1, toolCalls: 0 }
 * // (tool with 2 calls, { turns: 1 })         => dead_lettered, { turns: 1, toolCalls: 0 }
 * // (tool with 2 calls, { toolCalls: 1 })     => dead_lettered, { turns: 1, toolCalls: 0 }
 * // (tool with 2 calls, { turns: 2 })         => tool, { turns: 1, toolCalls: 2 }
 * // (anything, { turns: 0 })                  => dead_lettered, { turns: 0, toolCalls: 0 }
 */
export function settleTurn(
  decision: TurnDecision | undefined,
  left: Budgets,
): { readonly settled: Exclude<TurnSettlement, 'pending'>; readonly spent: Spent } {
  // INVARIANT: a run never spends past a budget, so a turn with none left spends nothing.
  if (decision === undefined || left.turns === 0)
    return { settled: 'dead_lettered', spent: NOTHING };
  if (decision.settled === 'answer') return { settled: 'answer', spent: ONE_TURN };
  const lastTurn = left.turns === 1;
  if (decision.settled === 'rejected')
    return { settled: lastTurn ? 'dead_lettered' : 'rejected', spent: ONE_TURN };
  const calls = decision.calls.length;
  if (lastTurn || (left.toolCalls !== undefined && calls > left.toolCalls)) {
    return { settled: 'dead_lettered', spent: ONE_TURN };
  }
  return { settled: 'tool', spent: Object.freeze({ turns: 1, toolCalls: calls }) };
}
