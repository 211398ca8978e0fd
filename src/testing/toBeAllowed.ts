import { describeVerdict, readVerdict } from './readVerdict.js';
import type { MatcherResult } from './types.js';

/**
 * `expect(decision).toBeAllowed()`: passes when the decision allows (a
 * `tool` or `answer` turn, or `{ allowed: true }`); on failure it says what
 * refused, at which check, for which call, and why.
 */
export function toBeAllowed(this: { readonly isNot: boolean }, received: unknown): MatcherResult {
  const verdict = readVerdict(received);
  const pass = verdict.kind === 'allowed';
  return {
    pass,
    message: () =>
      this.isNot
        ? `expected the decision to be refused, but ${describeVerdict(verdict)}`
        : `expected the decision to be allowed, but it was ${describeVerdict(verdict)}`,
  };
}
