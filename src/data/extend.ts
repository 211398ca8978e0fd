/**
 * `{ ...base, ...extra }`, built from an empty object. An object literal that
 * opens with a spread and goes on (`{ ...base, key }`) gets a hidden class of
 * its own per object once V8 optimizes the code that builds it; that class
 * lives in old space and keeps the object's values through every
 * young-generation collection until a full one (docs/development.md "Object
 * literals on a call's path"). Copies what a spread copies, in its order: own
 * enumerable keys, strings then symbols, each read once; a `__proto__` key
 * becomes an own property, never the prototype; a key in both takes `extra`'s
 * value in `base`'s place.
 *
 * // extend({ a: 1, b: 2 }, { b: 3, c: 4 }) => { a: 1, b: 3, c: 4 }
 */
export function extend<T extends object, U extends object>(
  base: T,
  extra: U,
): Extended<T, NoInfer<U>> {
  const out = {};
  copyOwn(out, base);
  copyOwn(out, extra);
  return out as Extended<T, U>;
}

/** The type of `{ ...base, ...extra }`, taken member by member when `base` is a union. */
export type Extended<T, U> = T extends unknown ? Omit<T, keyof U> & U : never;

function copyOwn(target: object, source: object): void {
  for (const key of Reflect.ownKeys(source)) {
    if (!Object.prototype.propertyIsEnumerable.call(source, key)) continue;
    // Defined, not assigned: no setter on a polluted Object.prototype runs, `__proto__` stays a key.
    Object.defineProperty(target, key, {
      value: (source as Record<PropertyKey, unknown>)[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
}
