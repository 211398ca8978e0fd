import { defineConfig } from 'vitest/config';
import { mutationTests } from './scripts/mutationTests.js';

/**
 * The test run `npm run mutation` and `npm run mutation:changed` use: every
 * test file whose imports reach src/gate or src/scope (derived by
 * scripts/mutationTests.ts, so no new test of theirs is left out), less
 * those that run the built dist/, another process, PostgreSQL or the
 * benchmarks. Property tests run at full strength (they kill most mutants);
 * the fuzzer and the poisoning sample at smaller sizes. Stryker's perTest
 * coverage runs only the tests that reach a mutant.
 * Written out rather than merged with vitest.config.ts: mergeConfig would
 * append this include list to the base one instead of replacing it.
 */
export default defineConfig({
  test: {
    include: mutationTests(import.meta.dirname),
    env: {
      FUZZ_PROPOSALS: '3000',
      POISON_TURNS: '300',
      POISON_DEFINITIONS: '40',
      TOOLGATE_TEST_SLOWDOWN: '3',
    },
    setupFiles: ['test/setup/cleanUpAfterFile.ts'],
    testTimeout: 60_000,
  },
});
