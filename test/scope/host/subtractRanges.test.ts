import { describe, expect, it } from 'vitest';
import { formatIpRange } from '../../../src/scope/host/formatIpRange.js';
import { hasPublicHost } from '../../../src/scope/host/hasPublicHost.js';
import { isPatternPublic } from '../../../src/scope/host/isPatternPublic.js';
import { PRIVATE_RANGES } from '../../../src/scope/host/privateRanges.js';
import { subtractRanges } from '../../../src/scope/host/subtractRanges.js';
import type { IpRange } from '../../../src/scope/host/types.js';
import { hostPattern as pattern } from '../../helpers/hostPatterns.js';

const range = (text: string): IpRange => {
  const parsed = pattern(text);
  if (parsed.kind !== 'cidr') throw new Error(text);
  return parsed.range;
};
const minus = (text: string, others: readonly string[]) =>
  subtractRanges(range(text), others.map(range)).map((r) => formatIpRange(r, undefined));

describe('subtractRanges and formatIpRange', () => {
  it.each([
    ['10.0.0.0/7', ['10.0.0.0/8'], ['11.0.0.0/8']],
    ['10.0.0.0/8', ['0.0.0.0/0'], []],
    ['8.0.0.0/8', ['10.0.0.0/8'], ['8.0.0.0/8']],
    ['10.0.0.0/30', ['10.0.0.1/32'], ['10.0.0.0/32', '10.0.0.2/31']],
    ['[fc00::]/6', ['[fc00::]/7'], ['[fe00::]/7']],
    ['[::]/126', ['[::]/128', '[::1]/128'], ['[::2]/127']],
  ])('%s minus %j => %j', (text, others, expected) => {
    expect(minus(text, others)).toEqual(expected);
  });

  it('writes ports after any range', () => {
    expect(formatIpRange(range('10.0.0.0/8'), 5432)).toBe('10.0.0.0/8:5432');
    expect(formatIpRange(range('[fd00::]/8'), 443)).toBe('[fd00::]/8:443');
  });

  it('private ranges never overlap one another', () => {
    for (const [i, x] of PRIVATE_RANGES.entries()) {
      expect(
        subtractRanges(
          x,
          PRIVATE_RANGES.filter((_, j) => j !== i),
        ),
      ).toEqual([x]);
    }
  });
});

describe('isPatternPublic and hasPublicHost', () => {
  it.each([
    ['*', true, true],
    ['example.com', true, true],
    ['*.example.com', true, true],
    ['8.8.8.0/24', true, true],
    ['0.0.0.0/0', false, true],
    ['[::]/0', false, true],
    ['10.0.0.0/8', false, false],
    ['224.0.0.0/3', false, false],
    ['[fe80::]/10', false, false],
    ['localhost', false, false],
    ['*.app.localhost', false, false],
    ['127.0.0.1', false, false],
  ])('%s: only public %s, some public %s', (text, only, some) => {
    expect(isPatternPublic(pattern(text))).toBe(only);
    expect(hasPublicHost(pattern(text))).toBe(some);
  });
});
