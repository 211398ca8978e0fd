import { configDefaults, defineConfig } from 'vitest/config';
import { deadline, SLOWDOWN } from './test/helpers/testEnv.js';

/**
 * `npm test` runs every file at full strength. `npm run test:quick` (`--mode quick`)
 * runs the unit and property tests with property runs scaled down
 * (test/helpers/testEnv.ts), and leaves out the files below: they spawn the
 * built CLI or the proxy, need PostgreSQL, or test the benchmarks.
 */
export const QUICK_EXCLUDE = [
  'test/**/*.e2e.test.ts',
  'test/package/**',
  'test/postgres/**',
  'test/bench/**',
];

export default defineConfig(({ mode }) => {
  const quick = mode === 'quick';
  return {
    test: {
      include: ['test/**/*.test.ts'],
      exclude: [...configDefaults.exclude, ...(quick ? QUICK_EXCLUDE : [])],
      // One slowdown for the whole run, read once here (test/helpers/testEnv.ts).
      env: {
        TOOLGATE_TEST_SLOWDOWN: String(SLOWDOWN),
        ...(quick ? { TOOLGATE_TEST_PROFILE: 'quick' } : {}),
      },
      // Quick reuses its workers between files (no fresh module graph per file):
      // a fifth of the time, and the full run still checks every file in isolation.
      ...(quick ? { isolate: false, maxWorkers: 2 } : {}),
      globalSetup: ['test/setup/global.ts'],
      setupFiles: ['test/setup/cleanUpAfterFile.ts'],
      testTimeout: deadline(60_000),
      hookTimeout: deadline(30_000),
    },
  };
});
