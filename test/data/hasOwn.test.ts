import { describe, expect, it } from 'vitest';
import { hasOwn } from '../../src/data/hasOwn.js';

describe('hasOwn', () => {
  it('is true for an own property, even one holding undefined', () => {
    expect(hasOwn({ a: 1 }, 'a')).toBe(true);
    expect(hasOwn({ a: undefined }, 'a')).toBe(true);
    expect(hasOwn(['x'], 0)).toBe(true);
  });

  it('is false for an inherited property', () => {
    expect(hasOwn({}, 'toString')).toBe(false);
    expect(hasOwn({}, '__proto__')).toBe(false);
    expect(hasOwn(Object.create({ a: 1 }) as object, 'a')).toBe(false);
  });

  it('works on an object without a prototype', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare.a = 1;
    expect(hasOwn(bare, 'a')).toBe(true);
    expect(hasOwn(bare, 'b')).toBe(false);
  });

  it('is not fooled by an own hasOwnProperty', () => {
    const liar = { hasOwnProperty: () => true };
    expect(hasOwn(liar, 'missing')).toBe(false);
  });

  it('sees an own "__proto__" key made by JSON.parse', () => {
    expect(hasOwn(JSON.parse('{"__proto__": 1}') as object, '__proto__')).toBe(true);
  });

  it('sees symbol keys', () => {
    const key = Symbol('k');
    expect(hasOwn({ [key]: 1 }, key)).toBe(true);
  });
});
