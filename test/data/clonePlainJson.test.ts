import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clonePlainJson,
  copyPlainJsonCounted,
  type JsonLimits,
} from '../../src/data/clonePlainJson.js';

const problemOf = (value: unknown, limits?: JsonLimits): string => {
  const result = clonePlainJson(value, limits);
  return result.ok ? 'cloned' : result.problem;
};
const cloneOf = (value: unknown, limits?: JsonLimits): unknown => {
  const result = clonePlainJson(value, limits);
  if (!result.ok) throw new Error(result.problem);
  return result.value;
};
const isDeeplyFrozen = (value: unknown): boolean =>
  typeof value !== 'object' ||
  value === null ||
  (Object.isFrozen(value) && Object.values(value).every(isDeeplyFrozen));

class Point {
  constructor(readonly x: number) {}
}

describe('clonePlainJson', () => {
  it('copies plain JSON data into an equal, distinct, deeply frozen value', () => {
    const value = { a: [1, 'x', true, null, { b: -0.5 }], c: {} };
    const copy = cloneOf(value);
    expect(copy).toEqual(value);
    expect(copy).not.toBe(value);
    expect(isDeeplyFrozen(copy)).toBe(true);
    expect(Object.isFrozen(value)).toBe(false);
  });

  it('returns scalars as they are', () => {
    for (const value of ['text', '', 0, -1.5, true, false, null])
      expect(cloneOf(value)).toBe(value);
  });

  it('accepts an object without a prototype and copies it as data', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare.a = 1;
    expect(cloneOf(bare)).toEqual({ a: 1 });
  });

  it('copies every JSON value into one equal to its JSON round trip', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copy = cloneOf(value);
        // Compared as JSON text: JSON has no -0, which the copy may keep.
        expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
        expect(isDeeplyFrozen(copy)).toBe(true);
      }),
    );
  });

  it.each([
    ['a function', () => 1, 'the top level is function'],
    ['undefined', undefined, 'the top level is undefined'],
    ['a symbol', Symbol('s'), 'the top level is symbol'],
    ['a bigint', 10n, 'the top level is bigint'],
    ['NaN', Number.NaN, 'the top level is NaN'],
    ['Infinity', Infinity, 'the top level is Infinity'],
    ['-Infinity', -Infinity, 'the top level is -Infinity'],
    ['a Date', new Date(0), 'the top level is not a plain object'],
    ['a Map', new Map(), 'the top level is not a plain object'],
    ['a Set', new Set(), 'the top level is not a plain object'],
    ['a class instance', new Point(1), 'the top level is not a plain object'],
    ['a boxed string', Object('s') as unknown, 'the top level is not a plain object'],
    ['a regular expression', /a/, 'the top level is not a plain object'],
  ])('refuses %s', (_what, value, expected) => {
    expect(problemOf(value)).toContain(expected);
  });

  it('names where in the value the first problem sits, as a JSON Pointer', () => {
    expect(problemOf({ a: [1, { 'b/c': undefined }] })).toBe(
      '/a/1/b~1c is undefined, which is not JSON data',
    );
    expect(problemOf({ when: new Date(0) })).toBe(
      '/when is not a plain object, array, string, number, boolean or null',
    );
    expect(problemOf({ n: Number.NaN })).toBe('/n is NaN, which JSON cannot hold');
  });

  it('writes a key holding "$" verbatim in the pointer', () => {
    expect(problemOf({ '$&': undefined })).toBe('/$& is undefined, which is not JSON data');
    expect(problemOf({ "a$'": [1, undefined] })).toBe(
      "/a$'/1 is undefined, which is not JSON data",
    );
  });

  it('refuses a hole in an array, which reads as undefined', () => {
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    expect(problemOf([1, , 3])).toBe('/1 is undefined, which is not JSON data');
  });

  it('refuses a cycle instead of looping forever', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(problemOf(cycle)).toContain('nested deeper than the limit');
    const list: unknown[] = [];
    list.push(list);
    expect(problemOf(list)).toContain('nested deeper than the limit');
  });

  it('refuses a value nested deeper than maxDepth, counting objects and arrays', () => {
    const limits = { maxDepth: 2, maxSize: Infinity };
    expect(cloneOf({ a: [1] }, limits)).toEqual({ a: [1] });
    expect(problemOf({ a: [[1]] }, limits)).toBe('it is nested deeper than the limit of 2 levels');
    expect(problemOf([{ a: {} }], limits)).toBe('it is nested deeper than the limit of 2 levels');
  });

  it('counts depth from startDepth', () => {
    const limits = { maxDepth: 2, maxSize: Infinity };
    expect(clonePlainJson({ a: 1 }, limits, 1).ok).toBe(true);
    expect(clonePlainJson({ a: {} }, limits, 1).ok).toBe(false);
  });

  it('refuses a value with more nesting than the default limit of 256 levels', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 257; level++) deep = [deep];
    expect(problemOf(deep)).toBe('it is nested deeper than the limit of 256 levels');
    let fits: unknown = 1;
    for (let level = 0; level < 256; level++) fits = [fits];
    expect(clonePlainJson(fits).ok).toBe(true);
  });

  it('refuses a string longer than maxSize, counting its JSON quotes', () => {
    const limits = { maxDepth: 10, maxSize: 5 };
    expect(cloneOf('abc', limits)).toBe('abc');
    expect(problemOf('abcd', limits)).toBe('it is larger than the limit of 5 characters');
  });

  it('counts the size over the whole value, not per item', () => {
    const limits = { maxDepth: 10, maxSize: 100 };
    expect(clonePlainJson(['x'.repeat(40), 'y'.repeat(40)], limits).ok).toBe(true);
    expect(problemOf(['x'.repeat(40), 'y'.repeat(40), 'z'.repeat(40)], limits)).toBe(
      'it is larger than the limit of 100 characters',
    );
    expect(problemOf({ ['k'.repeat(60)]: 'v'.repeat(60) }, limits)).toBe(
      'it is larger than the limit of 100 characters',
    );
  });

  it('counts a shared sub-tree each time it appears, as JSON would', () => {
    const shared = 'x'.repeat(30);
    const limits = { maxDepth: 10, maxSize: 100 };
    const part = { shared };
    expect(clonePlainJson([part, part], limits).ok).toBe(true);
    expect(clonePlainJson([part, part, part, part], limits).ok).toBe(false);
  });

  it('keeps a "__proto__" key as an own property without changing the copy\'s prototype', () => {
    const value: unknown = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}');
    const copy = cloneOf(value) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ polluted: true });
    expect(copy.polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads each property exactly once, so a getter cannot show two values', () => {
    let reads = 0;
    const value = {
      get a() {
        reads++;
        return reads;
      },
    };
    const copy = cloneOf(value) as { a: number };
    expect(copy.a).toBe(1);
    expect(copy.a).toBe(1);
    expect(reads).toBe(1);
  });

  it('turns a getter or proxy that throws into a problem, not an exception', () => {
    const throwing = {
      get a(): number {
        throw new Error('boom');
      },
    };
    expect(problemOf(throwing)).toBe('the value could not be read as plain JSON data');
    const proxy = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    expect(problemOf(proxy)).toBe('the value could not be read as plain JSON data');
  });

  it('names where a getter gave a bad value, and refuses one that changes its answer', () => {
    // A copy that stops is made again to name where: a steady bad value is named by its pointer.
    expect(
      problemOf({
        a: [
          {
            get b() {
              return Number.NaN;
            },
          },
        ],
      }),
    ).toBe('/a/0/b is NaN, which JSON cannot hold');
    // NaN the first time, 1 the second: refused all the same, never copied.
    let reads = 0;
    const changing = {
      get a() {
        reads += 1;
        return reads === 1 ? Number.NaN : 1;
      },
    };
    expect(problemOf(changing)).toBe('the value could not be read as plain JSON data');
    expect(reads).toBe(2);
  });

  it('ignores symbol keys and non-enumerable properties', () => {
    const value = { a: 1, [Symbol('s')]: 2 };
    Object.defineProperty(value, 'hidden', { value: 3, enumerable: false });
    expect(cloneOf(value)).toStrictEqual({ a: 1 });
  });
});

describe('copyPlainJsonCounted', () => {
  it('counts the size clonePlainJson compares with its limit', () => {
    expect(copyPlainJsonCounted({ a: 'x' }, { maxDepth: 8, maxSize: 100 }, 0)).toEqual({
      copy: { a: 'x' },
      size: 11,
    });
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        const counted = copyPlainJsonCounted(value, { maxDepth: 64, maxSize: 1e9 }, 0);
        if (counted === undefined) throw new Error('plain JSON must copy');
        expect(counted.copy).toEqual(value);
        // The size is the one clonePlainJson's limit flips at.
        expect(clonePlainJson(value, { maxDepth: 64, maxSize: counted.size }).ok).toBe(true);
        expect(clonePlainJson(value, { maxDepth: 64, maxSize: counted.size - 1 }).ok).toBe(false);
      }),
      { numRuns: 500, seed: 20_261_205 },
    );
  });

  it('gives undefined, not a problem, where clonePlainJson fails; the start depth counts', () => {
    expect(copyPlainJsonCounted({ a: Number.NaN }, { maxDepth: 8, maxSize: 100 }, 0)).toBe(
      undefined,
    );
    expect(copyPlainJsonCounted({ a: 'x' }, { maxDepth: 8, maxSize: 10 }, 0)).toBe(undefined);
    expect(copyPlainJsonCounted({ a: {} }, { maxDepth: 4, maxSize: 100 }, 2)).toEqual({
      copy: { a: {} },
      size: 12,
    });
    expect(copyPlainJsonCounted({ a: {} }, { maxDepth: 4, maxSize: 100 }, 3)).toBe(undefined);
  });
});
