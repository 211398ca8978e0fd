import { availableParallelism, loadavg } from 'node:os';

/**
 * The two settings every test reads, in one place (docs/development.md):
 *
 * - `TOOLGATE_TEST_PROFILE=quick` (what `npm run test:quick` sets) scales every
 *   property test's runs down by {@link QUICK_DIVISOR}; `npm test` runs them in full.
 * - `TOOLGATE_TEST_SLOWDOWN` (a number ≥ 1) multiplies every deadline of a test
 *   that spawns processes or waits on one, for a loaded machine. Unset, it is read
 *   off the machine when the run starts: twice the 1-minute load per core, between
 *   1 and 3 (vitest.config.ts hands that one value to every worker).
 */

/** How many times fewer property runs the quick profile makes. */
export const QUICK_DIVISOR = 20;

/** True under `npm run test:quick`. */
export const QUICK = process.env.TOOLGATE_TEST_PROFILE === 'quick';

/** The deadline multiplier: `TOOLGATE_TEST_SLOWDOWN`, or from the load when unset. */
export const SLOWDOWN = readSlowdown(process.env.TOOLGATE_TEST_SLOWDOWN);

/** Twice the 1-minute load average per core, between 1 and 3. */
export function slowdownFromLoad(load = loadavg()[0] ?? 0, cores = availableParallelism()): number {
  return Math.min(3, Math.max(1, (2 * load) / cores));
}

/**
 * The number of runs for a property test that runs `full` times in the full suite.
 *
 * // fc.assert(property, { numRuns: runs(10_000) }) => 10,000 under npm test, 500 under test:quick
 */
export function runs(full: number): number {
  return QUICK ? Math.max(10, Math.ceil(full / QUICK_DIVISOR)) : full;
}

/**
 * A lower bound on how many of `full` runs met some condition (a "not vacuous"
 * check), scaled to the runs made: under test:quick, half the same share, to
 * absorb the noise of a small sample.
 *
 * // expect(allowed).toBeGreaterThan(enough(500, 10_000)) => 500 under npm test, 12 under test:quick
 */
export function enough(count: number, full: number): number {
  return QUICK ? Math.floor((count * runs(full)) / full / 2) : count;
}

/**
 * A deadline in milliseconds: `base` (what a quiet machine needs, with margin) times the slowdown.
 *
 * // it('starts the proxy', async () => { … }, deadline(30_000))
 */
export function deadline(base: number): number {
  return Math.ceil(base * SLOWDOWN);
}

function readSlowdown(text: string | undefined): number {
  if (text === undefined || text === '') return slowdownFromLoad();
  const value = Number(text);
  if (!Number.isFinite(value) || value < 1) {
    throw new Error(
      `TOOLGATE_TEST_SLOWDOWN must be a number of at least 1 (a multiplier of test deadlines), not ${JSON.stringify(text)}`,
    );
  }
  return value;
}
