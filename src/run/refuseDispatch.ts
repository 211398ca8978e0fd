import type { DispatchDecision } from '../gate/types.js';

/** The check id of the run's own guard on `run.dispatch`. */
export const RUN_DISPATCH_CHECK = 'run.dispatch';

/**
 * The run's refusal of a call it will not hand to the gate: one not
 * authorized in the latest turn, one already dispatched, or any call once the
 * run is dead-lettered. Code `check_refused` with the guard's own reason, as
 * for any check beyond the built-in ones; never a silent allow.
 *
 * // ('the call was already dispatched') => { allowed: false, refusal: { check: 'run.dispatch', code: 'check_refused', reason: … } }
 */
export function refuseDispatch(reason: string): DispatchDecision {
  return Object.freeze({
    allowed: false,
    refusal: Object.freeze({ check: RUN_DISPATCH_CHECK, code: 'check_refused', reason }),
  });
}
