import { describe, expect, it } from 'vitest';
import { parseHostPattern } from '../../../src/scope/host/parseHostPattern.js';
import { rankHostPattern } from '../../../src/scope/host/rankHostPattern.js';

const rank = (text: string): number => {
  const result = parseHostPattern(text);
  if (!result.ok) throw new Error(result.problem);
  return rankHostPattern(result.value);
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
    for (const [index, text] of narrowToWide.slice(0, -1).entries()) {
      expect(rank(text)).toBeGreaterThan(rank(narrowToWide[index + 1] as string));
    }
  });

  it('ranks the deepest wildcard with a port below any exact host', () => {
    const deep = `*.${'a.'.repeat(120)}example.com:443`;
    expect(rank(deep)).toBeLessThan(rank('example.com'));
  });
});
