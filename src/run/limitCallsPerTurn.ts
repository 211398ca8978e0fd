import { toRefusal } from '../gate/toRefusal.js';
import type { TurnDecision } from '../gate/types.js';

/** The check id of the per-turn call cap (SPEC §8 rev 2). */
export const CALLS_PER_TURN_CHECK = 'proposal.budget';

/**
 * Applies `budgets.callsPerTurn` to a decided turn: a tool turn proposing
 * more calls than the cap is rejected whole (`too_many_calls`); anything
 * else is returned as it is. A turn the gate already rejected keeps the
 * gate's refusal.
 *
 * // (tool with 3 calls, 2)  => rejected: the turn proposes 3 calls; at most 2 are allowed in one turn
 * // (tool with 2 calls, 2)  => the same decision
 * // (anything, undefined)   => the same decision
 */
export function limitCallsPerTurn(
  decision: TurnDecision | undefined,
  callsPerTurn: number | undefined,
): TurnDecision | undefined {
  if (callsPerTurn === undefined || decision?.settled !== 'tool') return decision;
  const calls = decision.calls.length;
  if (calls <= callsPerTurn) return decision;
  return Object.freeze({
    settled: 'rejected',
    refusal: toRefusal(CALLS_PER_TURN_CHECK, { code: 'too_many_calls', calls, max: callsPerTurn }),
  });
}
