import type { RefusalCode } from '../gate/types.js';

/** What a matcher returns to `expect.extend` (vitest's and jest's shape). */
export interface MatcherResult {
  readonly pass: boolean;
  readonly message: () => string;
  readonly actual?: unknown;
  readonly expected?: unknown;
}

/** The matchers `toolgateMatchers` adds, for typing `expect(…)`. */
export interface ToolgateMatchers<R = unknown> {
  /** The decision allows: a `tool` or `answer` turn, or `{ allowed: true }`. */
  toBeAllowed: () => R;
  /** The decision refuses with this code (and, when given, for this call of the turn). */
  toBeRefusedWith: (code: RefusalCode, options?: { readonly callIndex?: number }) => R;
}
