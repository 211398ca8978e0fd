import { extend } from '../data/extend.js';
import { formatReprompt } from './formatReprompt.js';
import { redactCallSecrets } from './redactCallSecrets.js';
import { redactRefusal } from './redactRefusal.js';
import type { TurnRecord } from './types.js';

/**
 * Exports a turn record redacted: every value at a tool's `secret` resource
 * becomes `"[redacted]"`, granted secret names too (a record keeps those by
 * default, since they are names, not values), and such calls lose their
 * `rawArguments`. Refusals quoting a secret found in the arguments name
 * `[redacted]`. Tool entries stay whole (they are registry definitions), so
 * their digests still verify.
 *
 * // calls: [{ ref: 'vault/use@1', arguments: { secret: 'APP_KEY' } }] => arguments: { secret: '[redacted]' }
 */
export function redactRecord(record: TurnRecord): TurnRecord {
  if (record.settled === 'rejected') {
    const refusal = redactRefusal(record.refusal);
    return Object.freeze(extend(record, { refusal, reprompt: formatReprompt(refusal) }));
  }
  if (record.settled !== 'tool') return record;
  const entryOf = (ref: string) => record.tools.find((tool) => tool.ref === ref)?.entry;
  return Object.freeze(
    extend(record, {
      calls: Object.freeze(
        record.calls.map((call) => redactCallSecrets(call, entryOf(call.ref), () => false)),
      ),
      dispatches: Object.freeze(
        record.dispatches.map((dispatch) =>
          dispatch.refusal === undefined
            ? dispatch
            : Object.freeze(extend(dispatch, { refusal: redactRefusal(dispatch.refusal) })),
        ),
      ),
    }),
  );
}
