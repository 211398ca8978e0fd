import type { Refusal } from '../gate/types.js';

/** What a decision says, whatever produced it. */
export type Verdict =
  | { readonly kind: 'allowed'; readonly what: string }
  | { readonly kind: 'refused'; readonly refusal: Refusal }
  | { readonly kind: 'dead_lettered' }
  | { readonly kind: 'unknown'; readonly what: string };

/**
 * Reads a decision from any of the shapes toolgate returns: a `TurnDecision`
 * (`checkTurn`, `authorize`), a `DispatchDecision` (`checkDispatch`,
 * `run.dispatch`) or a turn record (`run.propose`). An answer counts as
 * allowed: nothing in it needed authorizing.
 *
 * // { settled: 'tool', calls }           => allowed
 * // { allowed: false, refusal }          => refused
 * // { settled: 'dead_lettered', … }      => dead_lettered (no refusal: the budget ran out)
 */
export function readVerdict(received: unknown): Verdict {
  if (typeof received !== 'object' || received === null)
    return { kind: 'unknown', what: String(received) };
  const value = received as Readonly<Record<string, unknown>>;
  if (value.allowed === true) return { kind: 'allowed', what: 'the call is allowed' };
  if (value.allowed === false && isRefusal(value.refusal))
    return { kind: 'refused', refusal: value.refusal };
  switch (value.settled) {
    case 'tool':
      return { kind: 'allowed', what: 'the turn is allowed' };
    case 'answer':
      return { kind: 'allowed', what: 'the turn is an answer' };
    case 'rejected':
      return isRefusal(value.refusal)
        ? { kind: 'refused', refusal: value.refusal }
        : { kind: 'unknown', what: 'a rejected turn without a refusal' };
    case 'dead_lettered':
      return { kind: 'dead_lettered' };
    default:
      return {
        kind: 'unknown',
        what: 'not a toolgate decision (checkTurn, checkDispatch, authorize, run.propose or run.dispatch)',
      };
  }
}

function isRefusal(value: unknown): value is Refusal {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}

/** A refusal in one line: `folder_out_of_scope at dispatch.folder (call 0): the path … is outside …`. */
export function describeRefusal(refusal: Refusal): string {
  const call = refusal.callIndex === undefined ? '' : ` (call ${refusal.callIndex})`;
  return `${refusal.code} at ${refusal.check}${call}: ${refusal.reason}`;
}

/** A verdict in words, for a failure message. */
export function describeVerdict(verdict: Verdict): string {
  switch (verdict.kind) {
    case 'allowed':
      return verdict.what;
    case 'refused':
      return `refused with ${describeRefusal(verdict.refusal)}`;
    case 'dead_lettered':
      return 'the turn is dead_lettered (its budget ran out; no refusal)';
    case 'unknown':
      return verdict.what;
  }
}
