import type { RunEffect, RunSteps } from './runEffects.js';

/**
 * Runs decision steps to their result, awaiting each effect before the next
 * step, so what follows an effect (the commit, an allowed verdict) happens
 * only once it is durable. An effect that rejects ends the steps there.
 *
 * // await runStepsAsync(dispatchSteps(call), perform) => the verdict
 */
export async function runStepsAsync<T>(
  steps: RunSteps<T>,
  perform: (effect: RunEffect) => unknown,
): Promise<T> {
  let next = steps.next();
  while (next.done !== true) next = steps.next(await perform(next.value));
  return next.value;
}
