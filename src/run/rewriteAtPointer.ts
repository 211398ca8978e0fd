import { hasOwn } from '../data/hasOwn.js';
import { WILDCARD, type PointerSegments } from '../registry/parseResourcePointer.js';

/**
 * Returns the data with every value a resource pointer finds passed through
 * `rewrite`, the input untouched: objects and lists on the way are copied
 * (and frozen) only where something changed, so nothing changed returns the
 * input itself. A pointer that runs into a string, number or boolean before
 * its last segment rewrites that value: the gate refuses there, and that
 * value may be what the resource meant.
 *
 * // ({ a: { b: 'x' } }, ['a', 'b'], up)    => { a: { b: 'X' } }
 * // ({ l: ['x', 'y'] }, ['l', *], up)      => { l: ['X', 'Y'] }
 * // ({ a: 'x' },        ['a', 'b'], up)    => { a: 'X' }
 * // ({ },               ['a'], up)         => the same object
 */
export function rewriteAtPointer(
  value: unknown,
  segments: PointerSegments,
  rewrite: (found: unknown) => unknown,
): unknown {
  return walk(value, segments, 0, rewrite);
}

function walk(
  value: unknown,
  segments: PointerSegments,
  depth: number,
  rewrite: (found: unknown) => unknown,
): unknown {
  if (depth === segments.length) return rewrite(value);
  if (value === null) return value;
  if (typeof value !== 'object') return rewrite(value);
  const segment = segments[depth];
  if (Array.isArray(value)) {
    const items = value as readonly unknown[];
    let copy: unknown[] | undefined;
    items.forEach((item, index) => {
      if (segment !== WILDCARD && segment !== String(index)) return;
      const next = walk(item, segments, depth + 1, rewrite);
      if (next !== item) (copy ??= [...items])[index] = next;
    });
    return copy === undefined ? value : Object.freeze(copy);
  }
  const record = value as Readonly<Record<string, unknown>>;
  const keys =
    segment === WILDCARD
      ? Object.keys(record)
      : segment !== undefined && hasOwn(record, segment)
        ? [segment]
        : [];
  let copy: Record<string, unknown> | undefined;
  for (const key of keys) {
    const next = walk(record[key], segments, depth + 1, rewrite);
    if (next === record[key]) continue;
    copy ??= { ...record };
    // A key named "__proto__" must stay an own data property of the copy.
    Object.defineProperty(copy, key, {
      value: next,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy === undefined ? value : Object.freeze(copy);
}
