import { describeShapedOutput } from './describeShapedOutput.js';
import { shapeToolOutput } from './shapeToolOutput.js';

/**
 * The shaper `fire` uses when it is given none; it does no I/O. Output
 * within the limits is shown whole; bigger output shows its head and says
 * the rest was not saved (use `createOutputShaper` from `toolgate/node` to
 * save it). Throws for output that is not a string, JSON or binary, which
 * `fire` reports as the call's error.
 *
 * // ('ok') => 'ok'
 * // (10n)  => throws: the tool returned output that is not a string, JSON or binary data (…)
 */
export function truncateToolOutput(output: unknown): string {
  const shaped = shapeToolOutput(output);
  if (shaped.kind === 'invalid') throw new Error(invalidOutputMessage(shaped.problem));
  return describeShapedOutput(shaped);
}

/** The error text for output that cannot be shown: what to change. */
export function invalidOutputMessage(problem: string): string {
  return `the tool returned output that is not a string, JSON or binary data (${problem}); return text or a JSON value`;
}
