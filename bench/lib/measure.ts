/** One measured case: nanoseconds per operation over several runs. */
export interface Measurement {
  readonly name: string;
  readonly runs: readonly number[];
  readonly min: number;
  readonly median: number;
  readonly max: number;
}

/** A sink the measured function writes to, so its work cannot be optimized away. */
export const sink: { value: unknown } = { value: undefined };

/**
 * Measures `operation(i)` in ns per call: warms up, then times `runs` batches
 * of `iterations` calls each. `i` varies per call so inputs rotate and
 * nothing is constant-folded.
 */
export function measure(
  name: string,
  operation: (i: number) => unknown,
  { runs = 7, iterations = 50_000, warmup = 20_000 } = {},
): Measurement {
  for (let i = 0; i < warmup; i++) sink.value = operation(i);
  const perOp: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) sink.value = operation(i);
    perOp.push(Number(process.hrtime.bigint() - start) / iterations);
  }
  const sorted = [...perOp].sort((a, b) => a - b);
  return {
    name,
    runs: perOp,
    min: sorted[0] ?? Number.NaN,
    median: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/** Formats a measurement as a table row: name | min | median | max (ns). */
export function formatRow(m: Measurement): string {
  const ns = (value: number) => value.toFixed(0).padStart(8);
  return `| ${m.name.padEnd(58)} | ${ns(m.min)} | ${ns(m.median)} | ${ns(m.max)} |`;
}
