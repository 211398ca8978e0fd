import { toBeAllowed } from './toBeAllowed.js';
import { toBeRefusedWith } from './toBeRefusedWith.js';
import type { ToolgateMatchers } from './types.js';
// Type-only: brings vitest's types into the program so the augmentation below has a module to extend.
import type {} from 'vitest';

export type { MatcherResult, ToolgateMatchers } from './types.js';

/**
 * Matchers for a project's own tests of its grant policies. Add them once,
 * in a setup file or at the top of a test file:
 *
 * ```ts
 * import { expect } from 'vitest';
 * import { toolgateMatchers } from 'toolgate/testing';
 * expect.extend(toolgateMatchers);
 *
 * expect(gate.authorize(turn, { grant })).toBeAllowed();
 * expect(gate.authorize(escape, { grant })).toBeRefusedWith('folder_out_of_scope', { callIndex: 0 });
 * ```
 *
 * They read every decision toolgate returns: `checkTurn`, `authorize`,
 * `checkDispatch`, `run.propose` and `run.dispatch`. Nothing here imports
 * vitest, so the matchers also work with jest's `expect.extend`.
 */
export const toolgateMatchers = Object.freeze({ toBeAllowed, toBeRefusedWith });

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any -- vitest's own augmentation pattern
  interface Matchers<T = any> extends ToolgateMatchers<T> {}
}
