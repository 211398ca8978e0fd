import { describeValue } from '../data/describeValue.js';
import { hasOwn } from '../data/hasOwn.js';
import { reasonFor } from './reasonFor.js';
import type { RefusalFacts } from './refusalFacts.js';
import type { Refusal, RefusalDetail } from './types.js';

/** Builds the public refusal; the reason comes from the facts, in one place. */
export function toRefusal(
  check: string,
  facts: RefusalFacts,
  callIndex?: number,
  ref?: string,
): Refusal {
  // hasOwn, not `in`: details a polluted prototype supplies are not this refusal's.
  const details =
    hasOwn(facts, 'details') && 'details' in facts && facts.details.length > 0
      ? facts.details
      : undefined;
  return Object.freeze({
    check,
    code: facts.code,
    reason: reasonFor(facts),
    ...(callIndex === undefined ? {} : { callIndex }),
    ...(ref === undefined ? {} : { ref: describeValue(ref) }),
    ...(details === undefined
      ? {}
      : { details: Object.freeze(details.map((detail) => Object.freeze({ ...detail }))) }),
    ...(facts.code === 'approval_required' && hasOwn(facts, 'approval')
      ? { approval: Object.freeze({ ...facts.approval }) }
      : {}),
  });
}

/** The refusal for a context the gate cannot use: every call is refused, nothing is guessed. */
export function contextRefusal(detail: RefusalDetail): Refusal {
  return toRefusal('gate.context', {
    code: 'check_failed',
    check: 'gate.context',
    details: [detail],
  });
}
