import { defineConfig } from 'vitest/config';

/**
 * The test run `npm run mutation` uses: the tests of the layers Stryker
 * mutates (src/gate, src/scope) and of the layers they are built from, with
 * the fuzzer and the poisoning sample at smaller sizes, so that every mutant
 * they cover runs fast.
 * Left out: the package tests (they import the built dist/, which no mutant
 * touches), the tests of the data helpers and of the realpath adapter, and
 * those of the layers above the gate (runs, menus, providers, visibility
 * dialects, benchmarks), which test those layers.
 * Written out rather than merged with vitest.config.ts: mergeConfig would
 * append this include list to the base one instead of replacing it.
 */
export default defineConfig({
  test: {
    include: [
      'test/gate/**/*.test.ts',
      'test/scope/**/*.test.ts',
      'test/grant/**/*.test.ts',
      'test/registry/**/*.test.ts',
      'test/fuzz/**/*.test.ts',
      'test/property/{gate,host,path,poisoning,realpath}*.test.ts',
    ],
    env: { FUZZ_PROPOSALS: '3000', POISON_TURNS: '300' },
    testTimeout: 60_000,
  },
});
