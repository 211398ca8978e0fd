/** One measured case: nanoseconds per operation over several runs. */
export interface Measurement {
  readonly name: string;
  readonly runs: readonly number[];
  readonly min: number;
  readonly median: number;
  readonly max: number;
}

/** A case to measure: `operation(i)` with `i` varying per call so inputs rotate and nothing is constant-folded. */
export interface BenchCase {
  readonly name: string;
  readonly operation: (i: number) => unknown;
}

/** A sink the measured functions write to, so their work cannot be optimized away. */
export const sink: { value: unknown } = { value: undefined };

/** How long to warm up and run each case, in milliseconds, and how many interleaved rounds. */
export interface TimedOptions {
  readonly rounds: number;
  readonly roundMs: number;
  readonly warmupMs: number;
}

/**
 * Measures cases in ns per call. Each case is warmed up and gets its own
 * iteration count, calibrated so one round of it takes about `roundMs`: a
 * 1 µs and a 10 ms operation can be measured side by side. Then the rounds
 * are interleaved (case A, case B, … then again), so drift in the machine's
 * speed hits every case alike and ratios stay fair. The input index keeps
 * counting across warm-up and rounds, so inputs keep rotating.
 */
export function measureTimed(cases: readonly BenchCase[], options: TimedOptions): Measurement[] {
  const next = cases.map(() => 0);
  const batch = cases.map(({ operation }, index) => {
    // Warm up in doubling batches until the time is spent; the last batch calibrates.
    const deadline = performance.now() + options.warmupMs;
    let size = 1;
    let perOp: number;
    let i = 0;
    for (;;) {
      const start = performance.now();
      for (const end = i + size; i < end; i++) sink.value = operation(i);
      const elapsed = performance.now() - start;
      perOp = elapsed / size;
      if (performance.now() >= deadline && elapsed > 5) break;
      if (elapsed < options.roundMs / 4) size *= 2;
    }
    next[index] = i;
    return Math.max(3, Math.round(options.roundMs / Math.max(perOp, 1e-6)));
  });
  const perOp = cases.map(() => [] as number[]);
  for (let round = 0; round < options.rounds; round++) {
    // Each round starts one case later, so whatever happens at a round's start hits every case alike.
    const order = cases.map((_, index) => (index + round) % cases.length);
    order.forEach((index) => {
      const operation = (cases[index] as BenchCase).operation;
      const iterations = batch[index] ?? 3;
      let i = next[index] ?? 0;
      const start = process.hrtime.bigint();
      for (let end = i + iterations; i < end; i++) sink.value = operation(i);
      perOp[index]?.push(Number(process.hrtime.bigint() - start) / iterations);
      next[index] = i;
    });
  }
  return cases.map(({ name }, index) => summarize(name, perOp[index] ?? []));
}

/** Min, median and max of the runs. */
export function summarize(name: string, runs: readonly number[]): Measurement {
  const sorted = [...runs].sort((a, b) => a - b);
  return {
    name,
    runs,
    min: sorted[0] ?? Number.NaN,
    median: median(sorted),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
