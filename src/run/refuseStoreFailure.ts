import { messageOf } from '../data/messageOf.js';
import type { DispatchDecision, Refusal } from '../gate/types.js';
import { formatReprompt } from './formatReprompt.js';
import type { TurnRecord } from './types.js';

/** The check id of a run's record store, when it could not take a record. */
export const RUN_RECORDS_CHECK = 'run.records';

/** What an async effect returns when the store or ledger failed: the run refuses instead of committing. */
export interface EffectFailure {
  readonly failed: string;
}

/** Did an effect fail (see `EffectFailure`)? */
export function isEffectFailure(value: unknown): value is EffectFailure {
  return typeof value === 'object' && value !== null && 'failed' in value;
}

/** Turns a store's error into an `EffectFailure`, its message cut to 300 characters. */
export function effectFailure(error: unknown): EffectFailure {
  // A refused connection may come as an AggregateError with no message, only a code.
  const code = (error as { readonly code?: unknown } | null)?.code;
  const message = (messageOf(error) || (typeof code === 'string' ? code : ''))
    .replace(/\s+/g, ' ')
    .trim();
  return Object.freeze({
    failed: message.length > 300 ? `${message.slice(0, 299)}…` : message || 'no message',
  });
}

function storeRefusal(what: string, failure: EffectFailure): Refusal {
  return Object.freeze({
    check: RUN_RECORDS_CHECK,
    code: 'check_failed',
    reason: `the record store could not record this ${what}, so it was refused: ${failure.failed}`,
  });
}

/**
 * The verdict of an async dispatch whose record the store did not take: a
 * refusal (check `run.records`, code `check_failed`), never an allow. The
 * call stays undispatched, so it may be dispatched again once the store is back.
 *
 * // ({ failed: 'connect ECONNREFUSED' }) => { allowed: false, refusal: { check: 'run.records', code: 'check_failed', … } }
 */
export function refuseStoreDispatch(failure: EffectFailure): DispatchDecision {
  return Object.freeze({ allowed: false, refusal: storeRefusal('dispatch', failure) });
}

/**
 * The record an async `propose` returns when the store did not take the
 * turn: rejected with a `run.records` refusal and a reprompt. It is not kept
 * and spends nothing: the turn never happened, and the same turn may be
 * proposed again.
 *
 * // (2, undefined, { failed: 'timeout' }) => { index: 2, settled: 'rejected', refusal: { check: 'run.records', … }, spent: { turns: 0, toolCalls: 0 } }
 */
export function refuseStoreTurn(
  index: number,
  step: string | undefined,
  failure: EffectFailure,
): TurnRecord {
  const refusal = storeRefusal('turn', failure);
  return Object.freeze({
    index,
    ...(step === undefined ? {} : { step }),
    settled: 'rejected',
    refusal,
    reprompt: formatReprompt(refusal),
    spent: Object.freeze({ turns: 0, toolCalls: 0 }),
  });
}
