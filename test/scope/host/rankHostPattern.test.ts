import { describe, expect, it } from 'vitest';
import { rankHostPattern } from '../../../src/scope/host/rankHostPattern.js';
import { hostPattern } from '../../helpers/hostPatterns.js';

const rank = (text: string): number => rankHostPattern(hostPattern(text));

/** Each pattern of the list ranks above the next. */
const expectNarrowToWide = (narrowToWide: readonly string[]) => {
  for (const [index, text] of narrowToWide.slice(0, -1).entries())
    expect(rank(text), text).toBeGreaterThan(rank(narrowToWide[index + 1] as string));
};

describe('rankHostPattern', () => {
  it('ranks an exact host over a wildcard over *, a deeper wildcard over a shallower one, a port over none', () => {
    const narrowToWide = [
      'api.github.com:443',
      'api.github.com',
      '*.a.github.com',
      '*.github.com:443',
      '*.github.com',
      '*',
    ];
    expectNarrowToWide(narrowToWide);
  });

  it('ranks the deepest wildcard with a port below any exact host', () => {
    const deep = `*.${'a.'.repeat(120)}example.com:443`;
    expect(rank(deep)).toBeLessThan(rank('example.com'));
  });
});

describe('rankHostPattern, CIDR ranges', () => {
  it('ranks an exact address over a longer prefix over a shorter one, a port over none', () => {
    const narrowToWide = [
      '10.0.0.1:443',
      '10.0.0.1',
      '10.1.0.0/16:443',
      '10.1.0.0/16',
      '10.0.0.0/8',
      '0.0.0.0/0',
      '*',
    ];
    expectNarrowToWide(narrowToWide);
  });

  it('ranks a prefix one bit longer over a shorter one with a port', () => {
    expect(rank('10.0.128.0/17')).toBeGreaterThan(rank('10.0.0.0/16:443'));
    expect(rank('[2001:db8:8000::]/33')).toBeGreaterThan(rank('[2001:db8::]/32:443'));
  });

  it('ranks the longest IPv6 prefix with a port below any exact host', () => {
    expect(rank('[2001:db8::]/127:443')).toBeLessThan(rank('example.com'));
    expect(rank('[2001:db8::]/127:443')).toBeGreaterThan(rank('[2001:db8::]/127'));
  });
});
