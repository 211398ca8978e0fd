import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extend } from '../../src/data/extend.js';

/** Every own key of `value` with its descriptor, in the order the object holds them. */
const layout = (value: object) =>
  Reflect.ownKeys(value).map((key) => [key, Object.getOwnPropertyDescriptor(value, key)]);

const key = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'toString', 'a', 'b', '0', '1', '10', '-1'),
  fc.string({ maxLength: 4 }),
);
const symbols = [Symbol('s1'), Symbol.for('s2')];
/** Objects as JSON.parse makes them (an own `__proto__` among them), with symbols added. */
const anObject = fc
  .tuple(
    fc.array(fc.tuple(key, fc.jsonValue({ maxDepth: 1 })), { maxLength: 8 }),
    fc.subarray(symbols),
  )
  .map(([entries, own]) => {
    const value = JSON.parse(
      `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`,
    ) as Record<PropertyKey, unknown>;
    for (const symbol of own) value[symbol] = symbol.description;
    return value;
  });

describe('extend', () => {
  it('makes what { ...base, ...extra } makes: the same keys, in the same order, with the same values', () => {
    fc.assert(
      fc.property(anObject, anObject, (base, extra) => {
        const made = extend(base, extra);
        expect(layout(made)).toEqual(layout({ ...base, ...extra }));
        expect(Object.getPrototypeOf(made)).toBe(Object.prototype);
      }),
    );
  });

  it('keeps a __proto__ key as an own property, never as the prototype', () => {
    const extra = JSON.parse('{"__proto__": {"polluted": true}}') as object;
    const made = extend({ a: 1 }, extra);
    expect(Object.getPrototypeOf(made)).toBe(Object.prototype);
    expect((made as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(made)).toEqual(['a', '__proto__']);
  });

  it('puts a key both hold in base’s place with extra’s value', () => {
    expect(Object.entries(extend({ a: 1, b: 2, c: 3 }, { b: 20, d: 4 }))).toEqual([
      ['a', 1],
      ['b', 20],
      ['c', 3],
      ['d', 4],
    ]);
  });

  it('reads each getter once, copies its value, and leaves out what is not enumerable', () => {
    let reads = 0;
    const base = Object.defineProperties(
      {},
      {
        counted: {
          enumerable: true,
          get: () => {
            reads += 1;
            return reads;
          },
        },
        hidden: { enumerable: false, value: 'no' },
      },
    );
    const hiddenSymbol = Symbol('hidden');
    Object.defineProperty(base, hiddenSymbol, { enumerable: false, value: 'no' });
    const made = extend(base, {});
    expect(Reflect.ownKeys(made)).toEqual(['counted']);
    expect(reads).toBe(1);
    expect(Object.getOwnPropertyDescriptor(made, 'counted')).toEqual({
      value: 1,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    expect(Object.keys(made)).toEqual(['counted']);
  });

  it('runs no setter a polluted Object.prototype holds', () => {
    let set = 0;
    Object.defineProperty(Object.prototype, 'planted', {
      configurable: true,
      set: () => {
        set += 1;
      },
    });
    try {
      const made = extend({ planted: 1 }, { planted: 2 });
      expect(set).toBe(0);
      expect(Object.getOwnPropertyDescriptor(made, 'planted')?.value).toBe(2);
    } finally {
      delete (Object.prototype as { planted?: unknown }).planted;
    }
  });
});
