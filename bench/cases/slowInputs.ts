/**
 * Slow-input hunt (moved here from the test suite: a time is not a test):
 * for every keyword of `test/fuzz/slowInputTargets.ts`, 12 random adversarial
 * strings at 2 KB, the slowest timed again at 32 KB, through toolgate's
 * compiler. A linear check costs the same per KB at both sizes; a quadratic
 * one 16 times more. Reports the worst keyword's cost per KB at 32 KB, the
 * largest ratio of cost per KB at 32 KB to 2 KB among keywords over 1 µs/KB
 * at 32 KB (below that the ratio is timer noise), and which keyword that is
 * on stderr. Before timing, each input must be decided (a boolean, no
 * exception), as `slowInputs.test.ts` checks in the suite.
 */
import { compileInputSchema } from '../../src/registry/compileInputSchema.js';
import {
  buildSlowInput,
  slowInputCandidates,
  type SlowInputParts,
} from '../../test/fuzz/slowInputTargets.js';
import { emit } from '../lib/child.js';

const SEED = 20_261_201;
const TRIALS = 12;
const SMALL = 2_048;
const LARGE = 32_768;

/** The fastest of three runs of one validation, in ns per KB of the value's JSON text. */
function nsPerKb(validate: (data: unknown) => unknown, data: unknown): number {
  const kb = JSON.stringify(data).length / 1024;
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const started = process.hrtime.bigint();
    const verdict = validate(data);
    best = Math.min(best, Number(process.hrtime.bigint() - started));
    if (typeof verdict !== 'boolean') throw new Error(`not decided: ${JSON.stringify(verdict)}`);
  }
  return best / kb;
}

let worst = { target: '-', nsPerKbLarge: 0 };
let steepest = { target: '-', ratio: 0 };
for (const { target, candidates } of slowInputCandidates(SEED, TRIALS)) {
  const compiled = compileInputSchema({ type: 'object', properties: { v: target.property } });
  if (!compiled.ok) throw new Error(`${target.name}: ${compiled.problem}`);
  const validate = compiled.value;
  const time = (parts: SlowInputParts, size: number) =>
    nsPerKb(validate, { v: target.wrap(buildSlowInput(parts, size)) });
  let slowest: { parts: SlowInputParts; ns: number } | undefined;
  for (const parts of candidates) {
    const ns = time(parts, SMALL);
    if (slowest === undefined || ns > slowest.ns) slowest = { parts, ns };
  }
  if (slowest === undefined) continue;
  const small = time(slowest.parts, SMALL);
  const large = time(slowest.parts, LARGE);
  if (large > worst.nsPerKbLarge) worst = { target: target.name, nsPerKbLarge: large };
  if (large > 1_000 && large / small > steepest.ratio) {
    steepest = { target: target.name, ratio: large / small };
  }
}
process.stderr.write(
  `slow-input hunt: worst ${worst.target} at 32 KB; steepest ${steepest.target} (${steepest.ratio.toFixed(2)}x)\n`,
);
emit({
  group: 'slow-inputs',
  cases: [],
  values: {
    'worst keyword per KB at 32 KB (ns)': worst.nsPerKbLarge,
    'largest cost-per-KB ratio, 32 KB to 2 KB (ratio)': steepest.ratio,
  },
});
