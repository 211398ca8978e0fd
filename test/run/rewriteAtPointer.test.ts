import { describe, expect, it } from 'vitest';
import { WILDCARD } from '../../src/registry/parseResourcePointer.js';
import { rewriteAtPointer } from '../../src/run/rewriteAtPointer.js';

const up = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : 'X');

describe('rewriteAtPointer', () => {
  it('rewrites the value at a plain pointer and copies only the path to it', () => {
    const input = Object.freeze({ a: Object.freeze({ b: 'x' }), c: Object.freeze({ d: 'y' }) });
    const output = rewriteAtPointer(input, ['a', 'b'], up) as typeof input;
    expect(output).toEqual({ a: { b: 'X' }, c: { d: 'y' } });
    expect(output.c).toBe(input.c);
    expect(input.a.b).toBe('x');
    expect(Object.isFrozen(output)).toBe(true);
  });

  it('rewrites every item or value under a * segment', () => {
    expect(rewriteAtPointer({ l: ['x', 'y'] }, ['l', WILDCARD], up)).toEqual({ l: ['X', 'Y'] });
    expect(rewriteAtPointer({ m: { p: 'x', q: 'y' } }, ['m', WILDCARD], up)).toEqual({
      m: { p: 'X', q: 'Y' },
    });
  });

  it('reads list items by canonical index only', () => {
    expect(rewriteAtPointer({ l: ['x', 'y'] }, ['l', '1'], up)).toEqual({ l: ['x', 'Y'] });
    expect(rewriteAtPointer({ l: ['x', 'y'] }, ['l', '01'], up)).toEqual({ l: ['x', 'y'] });
  });

  it('rewrites a string, number or boolean the pointer runs into before its end', () => {
    expect(rewriteAtPointer({ a: 'secret' }, ['a', 'b'], up)).toEqual({ a: 'SECRET' });
    expect(rewriteAtPointer({ a: 7 }, ['a', 'b'], up)).toEqual({ a: 'X' });
  });

  it('returns the input itself when the pointer finds nothing or nothing changes', () => {
    const input = { a: null, b: 'KEEP' };
    expect(rewriteAtPointer(input, ['missing'], up)).toBe(input);
    expect(rewriteAtPointer(input, ['a', 'x'], up)).toBe(input);
    expect(rewriteAtPointer(input, ['b'], up)).toBe(input);
  });

  it('keeps a key named __proto__ an own property of the copy, never a prototype', () => {
    const input = JSON.parse('{"__proto__": {"k": "x"}}') as object;
    const output = rewriteAtPointer(input, ['__proto__', 'k'], up);
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(JSON.stringify(output)).toBe('{"__proto__":{"k":"X"}}');
  });
});
