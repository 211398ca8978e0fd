import type { DispatchDecision, Refusal } from '../gate/types.js';
import {
  effectRefusal,
  refusedByEffect,
  turnRefusedByEffect,
  type EffectFailure,
} from './effectFailure.js';
import type { TurnRecord } from './types.js';

/** The check id of a run's record store, when it could not take a record. */
export const RUN_RECORDS_CHECK = 'run.records';

function storeRefusal(what: string, failure: EffectFailure): Refusal {
  return effectRefusal(
    RUN_RECORDS_CHECK,
    `the record store could not record this ${what}, so it was refused: ${failure.failed}`,
  );
}

/**
 * The verdict of an async dispatch whose record the store did not take: a
 * refusal (check `run.records`, code `check_failed`), never an allow. The
 * call stays undispatched, so it may be dispatched again once the store is back.
 *
 * // ({ failed: 'connect ECONNREFUSED' }) => { allowed: false, refusal: { check: 'run.records', code: 'check_failed', … } }
 */
export function refuseStoreDispatch(failure: EffectFailure): DispatchDecision {
  return refusedByEffect(storeRefusal('dispatch', failure));
}

/**
 * The record an async `propose` returns when the store did not take the
 * turn: rejected with a `run.records` refusal and a reprompt, not kept,
 * spending nothing.
 *
 * // (2, undefined, { failed: 'timeout' }) => { index: 2, settled: 'rejected', refusal: { check: 'run.records', … }, spent: { turns: 0, toolCalls: 0 } }
 */
export function refuseStoreTurn(
  index: number,
  step: string | undefined,
  failure: EffectFailure,
): TurnRecord {
  return turnRefusedByEffect(index, step, storeRefusal('turn', failure));
}
