import { extend } from '../data/extend.js';
import type { Refusal } from '../gate/types.js';
import { redactRefusal } from './redactRefusal.js';
import type { TurnRecord, TurnSettlement } from './types.js';

/**
 * Marks a turn's two records (see `buildTurnRecords`) as made in audit
 * mode: `audit: true`, the refusal enforcing would have given as
 * `wouldRefuse` (redacted in the stored record), and `wouldSettle` when
 * enforcing would have settled the turn otherwise.
 *
 * // ({ settled: 'tool', … }, not_granted refusal, 'rejected')
 * // => { settled: 'tool', …, wouldRefuse: { code: 'not_granted', … }, wouldSettle: 'rejected', audit: true }
 */
export function markAudit(
  records: { readonly live: TurnRecord; readonly stored: TurnRecord },
  wouldRefuse: Refusal | undefined,
  wouldSettle: Exclude<TurnSettlement, 'pending'>,
): { readonly live: TurnRecord; readonly stored: TurnRecord } {
  const mark = (record: TurnRecord, refusal: Refusal | undefined): TurnRecord => {
    const marks: {
      wouldRefuse?: Refusal;
      wouldSettle?: Exclude<TurnSettlement, 'pending'>;
      audit?: true;
    } = {};
    if (refusal !== undefined) marks.wouldRefuse = refusal;
    if (wouldSettle !== record.settled) marks.wouldSettle = wouldSettle;
    marks.audit = true;
    return Object.freeze(extend(record, marks));
  };
  return {
    live: mark(records.live, wouldRefuse),
    stored: mark(records.stored, wouldRefuse && redactRefusal(wouldRefuse)),
  };
}
