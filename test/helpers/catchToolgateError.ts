import { expect } from 'vitest';
import { ToolgateError, type ToolgateErrorCode } from '../../src/errors/ToolgateError.js';

/**
 * Runs `action`, expects it to throw a `ToolgateError` with `code`, and
 * returns the error so a test can look at its message and problems.
 *
 * // const error = catchToolgateError(() => createGrant(spec), 'invalid_grant');
 * // expect(error.problems).toHaveLength(2);
 */
export function catchToolgateError(action: () => unknown, code: ToolgateErrorCode): ToolgateError {
  let thrown: unknown;
  try {
    action();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'expected a ToolgateError to be thrown').toBeInstanceOf(ToolgateError);
  const error = thrown as ToolgateError;
  expect(error.code).toBe(code);
  return error;
}
