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

/**
 * Measures cases in ns per call. Every case is warmed up first; then the
 * runs are interleaved (case A, case B, … then again), so drift in the
 * machine's speed hits every case alike and ratios stay fair.
 */
export function measureAll(
  cases: readonly BenchCase[],
  { runs = 9, iterations = 50_000, warmup = 30_000 } = {},
): Measurement[] {
  for (const { operation } of cases) {
    for (let i = 0; i < warmup; i++) sink.value = operation(i);
  }
  const perOp = cases.map(() => [] as number[]);
  for (let run = 0; run < runs; run++) {
    cases.forEach(({ operation }, index) => {
      const start = process.hrtime.bigint();
      for (let i = 0; i < iterations; i++) sink.value = operation(i);
      perOp[index]?.push(Number(process.hrtime.bigint() - start) / iterations);
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
    median: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/** Formats a measurement as a table row: name | min | median | max (ns). */
export function formatRow(m: Measurement): string {
  const ns = (value: number) => value.toFixed(0).padStart(8);
  return `| ${m.name.padEnd(44)} | ${ns(m.min)} | ${ns(m.median)} | ${ns(m.max)} |`;
}
