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
  const out: Record<PropertyKey, unknown> = {};
  copyOwn(out, base);
  copyOwn(out, extra);
  return out as Extended<T, U>;
}

/** The type of `{ ...base, ...extra }`, taken member by member when `base` is a union. */
export type Extended<T, U> = T extends unknown ? Omit<T, keyof U> & U : never;

function copyOwn(target: Record<PropertyKey, unknown>, source: object): void {
  const from = source as Record<PropertyKey, unknown>;
  for (const key of Object.keys(source)) put(target, key, from[key]);
  for (const key of Object.getOwnPropertySymbols(source))
    if (Object.prototype.propertyIsEnumerable.call(source, key)) put(target, key, from[key]);
}

function put(target: Record<PropertyKey, unknown>, key: PropertyKey, value: unknown): void {
  // A key Object.prototype also has (`__proto__`, or a setter planted there) is defined, not
  // assigned: no setter runs and `__proto__` stays a key. Any other is assigned, which is faster.
  if (key in Object.prototype)
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else target[key] = value;
}
