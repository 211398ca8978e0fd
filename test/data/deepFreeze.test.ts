import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../src/data/deepFreeze.js';

describe('deepFreeze', () => {
  it('freezes a value and everything it holds, and returns the same value', () => {
    const value = { a: { b: [1, { c: 2 }] }, d: [] as unknown[] };
    expect(deepFreeze(value)).toBe(value);
    for (const part of [value, value.a, value.a.b, value.a.b[1], value.d]) {
      expect(Object.isFrozen(part)).toBe(true);
    }
  });

  it('returns scalars unchanged', () => {
    for (const value of [1, 'a', true, null, undefined]) expect(deepFreeze(value)).toBe(value);
  });

  it('terminates on a cycle', () => {
    const value: Record<string, unknown> = { inner: {} };
    value.self = value;
    (value.inner as Record<string, unknown>).back = value;
    deepFreeze(value);
    expect(Object.isFrozen(value.inner)).toBe(true);
  });

  it('freezes what an already frozen object holds', () => {
    const inner = { b: 1 };
    const value = Object.freeze({ a: inner });
    deepFreeze(value);
    expect(Object.isFrozen(inner)).toBe(true);
  });

  it('makes writes to nested values fail in strict mode', () => {
    const value = deepFreeze({ list: [1] });
    expect(() => {
      value.list.push(2);
    }).toThrow(TypeError);
  });
});
