import { foldKey } from './foldKey.js';

/**
 * Finds two keys of one object, anywhere inside a decoded JSON value, that
 * are equal ignoring case (Unicode simple case folding, SPEC §13): a decoder
 * that matches keys case-insensitively, such as Go's `encoding/json`, would
 * hand the tool the one the gate did not check. Returns the first pair found,
 * in the object's key order, or undefined.
 *
 * Cheap on the common case: objects with fewer than two keys are skipped,
 * and an object whose keys are all ASCII without capitals allocates nothing
 * beyond its key list (its keys are distinct, so they fold apart).
 *
 * // { path: '/a', PATH: '/b' }         => ['path', 'PATH']
 * // { list: [{ k: 1, '\u212a': 2 }] }  => ['k', 'K'] (KELVIN SIGN)
 * // { path: '/a', paths: ['/b'] }      => undefined
 */
export function findCaseVariantKeys(value: unknown): readonly [string, string] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (const item of value as readonly unknown[]) {
      const found = findCaseVariantKeys(item);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const record = value as Readonly<Record<string, unknown>>;
  const keys = Object.keys(record);
  if (keys.length >= 2 && keys.some(mayFoldToAnother)) {
    const seen = new Map<string, string>();
    for (const key of keys) {
      const folded = foldKey(key);
      const first = seen.get(folded);
      if (first !== undefined) return [first, key];
      seen.set(folded, key);
    }
  }
  for (const key of keys) {
    const found = findCaseVariantKeys(record[key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Can this key fold to a different text? Only if it has a capital A-Z or a character outside ASCII. */
function mayFoldToAnother(key: string): boolean {
  for (let index = 0; index < key.length; index++) {
    const unit = key.charCodeAt(index);
    if (unit >= 0x80 || (unit >= 0x41 && unit <= 0x5a)) return true;
  }
  return false;
}
