import { extend } from '../data/extend.js';
import { redactRecord } from '../run/redactRecord.js';
import type { RunEntry } from '../run/types.js';
import type { RecordRow } from './types.js';

/** Was this record made in audit mode? (Audit records carry `audit: true`.) */
function isAudit(record: object): boolean {
  return (record as { readonly audit?: unknown }).audit === true;
}

/**
 * The store row of one run entry, taken at `at`: the columns the queries
 * filter on and the redacted record as JSON. A turn record is exported
 * with `redactRecord`; a dispatch row's record is the dispatch decision
 * (its refusal already redacted by the run) with the tool entry it decided
 * over when the turn had not recorded it.
 *
 * // ({ type: 'dispatch', run: 'r1', turn: 0, dispatch: { callIndex: 0, ref: 'search@1', allowed: true } }, '2026-12-01T06:00:00.000Z')
 * // => { run: 'r1', type: 'dispatch', turn: 0, call: 0, allowed: true, ref: 'search@1', refs: ' search@1 ', … }
 */
export function toRecordRow(entry: RunEntry, at: string): RecordRow {
  const run = entry.run ?? null;
  if (entry.type === 'turn') {
    const record = redactRecord(entry.record);
    const refs = new Set((record.calls ?? []).map((call) => call.ref));
    if (record.refusal?.ref !== undefined) refs.add(record.refusal.ref);
    return {
      run,
      type: 'turn',
      turn: record.index,
      call: null,
      step: record.step ?? null,
      settled: record.settled,
      allowed: null,
      check: record.refusal?.check ?? null,
      code: record.refusal?.code ?? null,
      ref: record.refusal?.ref ?? null,
      refs: refs.size === 0 ? ' ' : ` ${[...refs].join(' ')} `,
      at,
      audit: isAudit(record),
      record: JSON.stringify(record),
    };
  }
  if (entry.type === 'dispatch') {
    const { dispatch, tool } = entry;
    return {
      run,
      type: 'dispatch',
      turn: entry.turn,
      call: dispatch.callIndex,
      step: null,
      settled: null,
      allowed: dispatch.allowed,
      check: dispatch.refusal?.check ?? null,
      code: dispatch.refusal?.code ?? null,
      ref: dispatch.ref,
      refs: ` ${dispatch.ref} `,
      at,
      audit: isAudit(dispatch),
      record: JSON.stringify(tool === undefined ? dispatch : extend(dispatch, { tool })),
    };
  }
  const { fire } = entry;
  return {
    run,
    type: 'fire',
    turn: entry.turn,
    call: fire.callIndex,
    step: null,
    settled: null,
    allowed: null,
    check: null,
    code: null,
    ref: fire.ref,
    refs: ` ${fire.ref} `,
    at,
    audit: isAudit(fire),
    record: JSON.stringify(fire),
  };
}
