import { describe, expect, it } from 'vitest';
import { isPlainObject } from '../../src/data/isPlainObject.js';

describe('isPlainObject', () => {
  it('is true for object literals and objects without a prototype', () => {
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject(Object.create(null))).toBe(true);
    expect(isPlainObject(JSON.parse('{"a":1}'))).toBe(true);
  });

  it('is false for arrays, class instances, exotic objects and scalars', () => {
    class Thing {
      readonly x = 1;
    }
    for (const value of [
      [],
      new Thing(),
      new Date(),
      new Map(),
      /a/,
      null,
      undefined,
      'a',
      1,
      () => 1,
    ]) {
      expect(isPlainObject(value)).toBe(false);
    }
  });

  it('is false for an object whose prototype is another plain object', () => {
    expect(isPlainObject(Object.create({}))).toBe(false);
  });
});
