import { describe, expect, it } from 'vitest';
import { isPortCovered } from '../../../src/scope/host/isPortCovered.js';

describe('isPortCovered', () => {
  it.each([
    [443, undefined, true],
    [undefined, undefined, true],
    [443, 443, true],
    [80, 443, false],
    [undefined, 443, false],
  ])('port %j under %j is %j', (port, allowed, expected) => {
    expect(isPortCovered(port, allowed)).toBe(expected);
  });
});
