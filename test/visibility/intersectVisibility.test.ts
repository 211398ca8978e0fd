import { describe, expect, it } from 'vitest';
import { intersectVisibility } from '../../src/visibility/intersectVisibility.js';

describe('intersectVisibility', () => {
  it.each([
    [['a', 'b'], ['b', 'c'], ['b']],
    [
      ['slack/*', 'fs-read'],
      ['slack/search', 'fs-read', 'x'],
      ['fs-read', 'slack/search'],
    ],
    [['a/*'], ['a/b/*'], ['a/b/*']],
    [['a/b/*'], ['a/*'], ['a/b/*']],
    [['a/*'], ['b/*'], []],
    [['*'], ['x', 'y/*'], ['x', 'y/*']],
    [['*'], ['*'], ['*']],
    [['a'], [], []],
    [['a/*'], ['a'], []],
    [['ab/*'], ['a/*'], []],
    [
      ['a/*', 'a/b'],
      ['a/b', 'a/c'],
      ['a/b', 'a/c'],
    ],
  ])('(%j, %j) => %j', (parent, child, expected) => {
    expect(intersectVisibility(parent, child)).toEqual(expected);
    expect(intersectVisibility(new Set(child), new Set(parent))).toEqual(expected);
  });

  it('reads undefined as "no list": every name', () => {
    expect(intersectVisibility(undefined, ['x'])).toEqual(['x']);
    expect(intersectVisibility(['x'], undefined)).toEqual(['x']);
    expect(intersectVisibility(undefined, undefined)).toEqual(['*']);
  });

  it('reads entries exactly as the gate does: /* and a/ are names, not patterns', () => {
    expect(intersectVisibility(['/*'], ['/x'])).toEqual([]);
    expect(intersectVisibility(['*'], ['/*'])).toEqual(['/*']);
  });

  it('returns a frozen, sorted list without covered entries', () => {
    const result = intersectVisibility(['*'], ['b', 'a/x', 'a/*', 'a/*']);
    expect(result).toEqual(['a/*', 'b']);
    expect(Object.isFrozen(result)).toBe(true);
  });
});
