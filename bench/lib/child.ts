/**
 * What a bench case process reports to the runner: one marked JSON line on
 * stdout. Each case file runs in a fresh Node process (see bench/run.ts).
 */
import type { Measurement, TimedOptions } from './measure.js';

/** The marker that starts the result line. */
export const RESULT_MARK = '@@toolgate-bench ';

/** One case process's result: timings (ns per operation, per round) and plain values such as bytes. */
export interface CaseResult {
  readonly group: string;
  readonly cases: readonly Measurement[];
  /** Values measured once per process, such as heap bytes; name => value. */
  readonly values?: Readonly<Record<string, number>>;
  /** Why a case could not be measured, if so. */
  readonly notMeasured?: string;
}

/** Prints the result line the runner reads. */
export function emit(result: CaseResult): void {
  process.stdout.write(`\n${RESULT_MARK}${JSON.stringify(result)}\n`);
}

/** Rounds and durations from the runner (env), with defaults for running a case file alone. */
export function timedOptions(): TimedOptions {
  const read = (name: string, fallback: number) => {
    const value = Number(process.env[name]);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  return {
    rounds: read('BENCH_ROUNDS', 15),
    roundMs: read('BENCH_ROUND_MS', 40),
    warmupMs: read('BENCH_WARMUP_MS', 150),
  };
}

/** Stops the process when an engine decides wrongly: nothing is timed before every decision is right. */
export function verify(what: string, actual: boolean, expected: boolean): void {
  if (actual !== expected) {
    throw new Error(
      `${what}: expected ${expected ? 'allow' : 'deny'}, got ${actual ? 'allow' : 'deny'}`,
    );
  }
}
