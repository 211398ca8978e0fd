import { describe, expect, it } from 'vitest';
import { huntSlowInputs } from './huntSlowInputs.js';
import { deadline } from '../helpers/testEnv.js';

/**
 * The slow-input hunt at CI budget: 12 random adversarial strings per
 * keyword at 2 KB, the slowest timed again at 32 KB. Not a timed assertion:
 * it compares a keyword's cost per KB at two sizes. A linear check costs the
 * same per KB at both; a quadratic one 16 times more. The bound (8 times, and
 * only above 1 ms per KB: a 32 KB argument taking over 32 ms) leaves room for
 * GC and a loaded machine, and still catches anything quadratic or worse, as
 * ajv's url format (over 100 ms per KB at 32 KB) and uniqueItems over
 * objects (about 20 ms per KB at 32 KB) were.
 */
describe('hunting for slow inputs', () => {
  it(
    'finds no keyword whose cost per KB grows with the size of the argument',
    () => {
      const found = huntSlowInputs({ seed: 20_261_201, trials: 12, small: 2_048, large: 32_768 });
      const worst = found[0];
      console.log(
        `slow-input hunt: ${String(found.length)} keywords; worst ${worst?.target ?? '-'} ` +
          `${worst?.msPerKbLarge.toFixed(4) ?? '-'} ms/KB at 32 KB (sample ${worst?.sample ?? '-'})`,
      );
      expect(found.length).toBeGreaterThan(40);
      const superLinear = found.filter(
        (input) => input.msPerKbLarge > 1 && input.msPerKbLarge > 8 * input.msPerKbSmall,
      );
      expect(superLinear).toEqual([]);
    },
    deadline(60_000),
  );
});
