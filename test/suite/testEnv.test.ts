import { describe, expect, it } from 'vitest';
import { enough, QUICK, QUICK_DIVISOR, runs, slowdownFromLoad } from '../helpers/testEnv.js';

describe('the test settings', () => {
  it('reads the slowdown off the load: twice the load per core, between 1 and 3', () => {
    expect(slowdownFromLoad(0, 2)).toBe(1);
    expect(slowdownFromLoad(1, 2)).toBe(1);
    expect(slowdownFromLoad(3, 2)).toBe(3);
    expect(slowdownFromLoad(2.5, 2)).toBe(2.5);
    expect(slowdownFromLoad(40, 2)).toBe(3);
  });

  it('scales property runs and their "not vacuous" counts together under the quick profile only', () => {
    expect(runs(10_000)).toBe(QUICK ? 10_000 / QUICK_DIVISOR : 10_000);
    expect(runs(100)).toBe(QUICK ? 10 : 100);
    expect(enough(500, 10_000)).toBe(QUICK ? 12 : 500);
  });
});
