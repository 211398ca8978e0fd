import type { RunEffect, RunSteps } from './runEffects.js';

/**
 * Runs decision steps to their result, performing each effect at once. An
 * effect that throws ends the steps there, so nothing after it commits.
 *
 * // runStepsSync(proposeSteps(turn), perform) => the turn record
 */
export function runStepsSync<T>(steps: RunSteps<T>, perform: (effect: RunEffect) => unknown): T {
  let next = steps.next();
  while (next.done !== true) next = steps.next(perform(next.value));
  return next.value;
}
