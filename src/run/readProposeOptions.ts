import { describeValue } from '../data/describeValue.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import type { Step } from '../gate/types.js';

/**
 * Reads `run.propose`'s options and returns the step name, if any. The step
 * is the runtime's choice, not the model's, so an unknown name is a
 * programming error: it throws `ToolgateError` (`invalid_option`) naming the
 * run's steps, and the turn is neither checked nor recorded.
 *
 * // ({ step: 'research' }, steps with research) => 'research'
 * // ({ step: 'nope' }, …)                        => throws: the run has no step "nope"; its steps are research
 */
export function readProposeOptions(
  options: unknown,
  steps: ReadonlyMap<string, Step>,
): string | undefined {
  if (options === undefined) return undefined;
  if (!isPlainObject(options))
    throw new ToolgateError(
      'invalid_option',
      'run.propose options must be an object such as { step: "research" }',
    );
  const unknown = Object.keys(options).find((key) => key !== 'step');
  if (unknown !== undefined) {
    throw new ToolgateError(
      'invalid_option',
      `run.propose has no option ${JSON.stringify(unknown)}; the only option is step`,
    );
  }
  const { step } = options;
  if (step === undefined) return undefined;
  if (typeof step !== 'string' || !steps.has(step)) {
    const known =
      steps.size === 0 ? 'it has no steps' : `its steps are ${[...steps.keys()].join(', ')}`;
    throw new ToolgateError(
      'invalid_option',
      `the run has no step ${JSON.stringify(describeValue(step))}; ${known}`,
    );
  }
  return step;
}
