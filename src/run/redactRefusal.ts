import { extend } from '../data/extend.js';
import { reasonFor } from '../gate/reasonFor.js';
import type { Refusal } from '../gate/types.js';
import { REDACTED } from './redactCallSecrets.js';

/**
 * The refusal as a record may hold it. A `secret_out_of_scope` refusal for a
 * value found in the arguments quotes that value, which may be a secret
 * itself rather than a name: its reason names `[redacted]` instead. A
 * refusal for a secret the tool itself is configured with (a name from the
 * registry, detail pointer `""`) is kept as it is.
 *
 * // the secret ghp_123 is outside the granted secret scope => the secret [redacted] is outside the granted secret scope
 */
export function redactRefusal(refusal: Refusal): Refusal {
  if (refusal.code !== 'secret_out_of_scope') return refusal;
  if (!(refusal.details ?? []).some((detail) => detail.pointer !== '')) return refusal;
  return Object.freeze(
    extend(refusal, {
      reason: reasonFor({ code: 'secret_out_of_scope', secret: REDACTED, details: [] }),
    }),
  );
}
