import { expect } from 'vitest';

/**
 * Awaits a promise that must reject with an `Error` whose message matches.
 * Unlike `expect(promise).rejects.toThrow(text)`, which vitest 4.1 passes
 * when the promise rejects with `undefined`, a rejection that carries no
 * error, or a promise that resolves, fails here.
 *
 * // await expectRejection(proposeAndFire(call, handler, {}, { run }), 'SQLITE_FULL')
 */
export async function expectRejection(
  promise: Promise<unknown>,
  message: string | RegExp,
): Promise<Error> {
  const reason = await promise.then(
    (value: unknown) => {
      throw new Error(`expected a rejection, but it resolved to ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
  expect(reason).toBeInstanceOf(Error);
  expect((reason as Error).message).toMatch(message);
  return reason as Error;
}
