import type { DispatchDecision, Refusal } from '../gate/types.js';
import {
  effectRefusal,
  refusedByEffect,
  turnRefusedByEffect,
  type EffectFailure,
} from './effectFailure.js';
import type { TurnRecord } from './types.js';

/** The check id of a run's ledger, when it could not be read or spent on. */
export const RUN_LEDGER_CHECK = 'run.ledger';

function ledgerRefusal(what: string, failure: EffectFailure): Refusal {
  return effectRefusal(
    RUN_LEDGER_CHECK,
    `the run ledger could not be reached, so this ${what} was refused: ${failure.failed}`,
  );
}

/**
 * The verdict of a dispatch whose ledger could not be read: refused, check
 * `run.ledger`, code `check_failed`; the call stays undispatched, so the same
 * run goes on once the ledger is back.
 *
 * // ({ failed: 'connect ECONNREFUSED' }) => { allowed: false, refusal: { check: 'run.ledger', code: 'check_failed', … } }
 */
export function refuseLedgerDispatch(failure: EffectFailure): DispatchDecision {
  return refusedByEffect(ledgerRefusal('dispatch', failure));
}

/**
 * The record `propose` returns when the ledger could not be read or spent
 * on: rejected with a `run.ledger` refusal and a reprompt, not kept,
 * spending nothing; the same turn may be proposed again.
 *
 * // (3, 'plan', { failed: 'timeout' }) => { index: 3, step: 'plan', settled: 'rejected', refusal: { check: 'run.ledger', … }, … }
 */
export function refuseLedgerTurn(
  index: number,
  step: string | undefined,
  failure: EffectFailure,
): TurnRecord {
  return turnRefusedByEffect(index, step, ledgerRefusal('turn', failure));
}
