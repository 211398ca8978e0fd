import { TOOLGATE_VERSION } from './toolgateVersion.js';

/**
 * The one WeakMap of this name for every copy of this toolgate version
 * loaded in the process: the ESM build, the CommonJS build and a bundled
 * copy all brand grants and registries in the same table, so a grant made
 * through `require('toolgate')` is known to a gate from `import 'toolgate'`.
 * The table sits on `globalThis` under `Symbol.for('toolgate.VERSION.NAME')`,
 * non-writable and non-configurable, so once there it cannot be swapped.
 *
 * Trust: only code running in this process can reach it, and such code can
 * already call `createGrant` itself; a value found there that is not a plain
 * WeakMap (a subclass, a proxy, anything else) is not trusted: this copy
 * then keeps a table of its own, and grants of other copies are refused as
 * before.
 *
 * // sharedWeakMap('grants') => globalThis[Symbol.for('toolgate.0.1.0.grants')]
 */
export function sharedWeakMap<K extends object, V>(name: string): WeakMap<K, V> {
  const key = Symbol.for(`toolgate.${TOOLGATE_VERSION}.${name}`);
  const holder = globalThis as unknown as Record<symbol, unknown>;
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, key);
  if (descriptor === undefined) {
    const table = new WeakMap<K, V>();
    Object.defineProperty(globalThis, key, {
      value: table,
      writable: false,
      configurable: false,
      enumerable: false,
    });
    return table;
  }
  const found = holder[key];
  const trusted =
    'value' in descriptor &&
    descriptor.writable === false &&
    descriptor.configurable === false &&
    isPlainWeakMap(found);
  return trusted ? (found as WeakMap<K, V>) : new WeakMap<K, V>();
}

/** Is this a WeakMap made by `new WeakMap()` itself, not a subclass, a proxy or one with own methods? */
function isPlainWeakMap(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  try {
    // A proxy or a fake fails the internal-slot check of the real method; a subclass fails the prototype test.
    WeakMap.prototype.has.call(value, {});
    return (
      Object.getPrototypeOf(value) === WeakMap.prototype && Reflect.ownKeys(value).length === 0
    );
  } catch {
    return false;
  }
}
