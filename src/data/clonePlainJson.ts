import { fail, ok, type ScopeResult } from '../scope/result.js';
import { escapePointer } from './escapePointer.js';
import { isPlainObject } from './isPlainObject.js';

/** Limits on a value being cloned: nesting depth and approximate JSON size. */
export interface JsonLimits {
  /** Objects and arrays nested deeper than this fail. */
  readonly maxDepth: number;
  /** Fails when the value's JSON text would be longer than this (counted in UTF-16 code units). */
  readonly maxSize: number;
}

const NO_LIMITS: JsonLimits = { maxDepth: 256, maxSize: Number.POSITIVE_INFINITY };

/** Thrown inside the walk to stop it; caught in `clonePlainJson` and turned into a result. */
class Stop extends Error {
  constructor(readonly problem: string) {
    super(problem);
  }
}

/**
 * Copies a value that must be plain JSON data (plain objects, arrays,
 * strings, finite numbers, booleans, null) into fresh, deeply frozen data.
 *
 * Each property is read exactly once, so a getter or proxy cannot show the
 * checks one value and the tool another: what is checked is the copy.
 * Cycles fail on depth; shared sub-trees count toward the size each time.
 *
 * // { a: [1, 'x'] } => frozen copy
 * // { a: undefined } / new Date() / NaN / () => 1 => fails, naming where
 */
export function clonePlainJson(
  value: unknown,
  limits: JsonLimits = NO_LIMITS,
  startDepth = 0,
): ScopeResult<unknown> {
  // First without keeping the keys on the way (the common case, data that copies);
  // only when it stops is the copy made again, keeping them, to name where it stopped.
  const first = tryCopy({ limits, size: 0, path: undefined }, value, startDepth);
  if (typeof first !== 'string') return ok(first.copy);
  const named = tryCopy({ limits, size: 0, path: [] }, value, startDepth);
  // Copied the second time: a getter or proxy answered differently. Not plain data either way.
  return fail(typeof named === 'string' ? named : UNREADABLE);
}

const UNREADABLE = 'the value could not be read as plain JSON data';

/**
 * The same copy as `clonePlainJson`, with the size it counted, or `undefined`
 * when it is not plain data within the limits (without saying why): for a
 * caller that copies part of a larger value and adds up the size itself, and
 * that copies the whole again with `clonePlainJson` to name a problem.
 *
 * // ({ a: 'x' }) => { copy: { a: 'x' } (frozen), size: 11 }
 */
export function copyPlainJsonCounted(
  value: unknown,
  limits: JsonLimits,
  startDepth: number,
): { readonly copy: unknown; readonly size: number } | undefined {
  const walk: Walk = { limits, size: 0, path: undefined };
  const copied = tryCopy(walk, value, startDepth);
  return typeof copied === 'string' ? undefined : { copy: copied.copy, size: walk.size };
}

/** One copy: the copy, or the problem that stopped it. */
function tryCopy(walk: Walk, value: unknown, startDepth: number): { copy: unknown } | string {
  try {
    return { copy: copyAt(walk, value, startDepth) };
  } catch (error) {
    if (error instanceof Stop) return error.problem;
    // A proxy trap or getter threw: whatever it was, it is not plain data.
    return UNREADABLE;
  }
}

/** The state of one copy: the limits, the size so far, and the keys down to the current value. */
interface Walk {
  readonly limits: JsonLimits;
  size: number;
  /**
   * The keys down to the current value, kept only on the second copy, after
   * the first stopped: a pointer is built from them to name where.
   */
  readonly path: (string | number)[] | undefined;
}

/** Stops the copy with a problem; `$` in the text becomes the pointer to the current value. */
function stop(walk: Walk, what: string): never {
  const pointer = (walk.path ?? []).map((key) => `/${escapePointer(String(key))}`).join('');
  throw new Stop(what.replace('$', () => (pointer === '' ? 'the top level' : pointer)));
}

function copyAt(walk: Walk, item: unknown, depth: number): unknown {
  switch (typeof item) {
    case 'string':
      walk.size += item.length + 2;
      break;
    case 'number':
      if (!Number.isFinite(item)) stop(walk, `$ is ${String(item)}, which JSON cannot hold`);
      walk.size += 8;
      break;
    case 'boolean':
      walk.size += 5;
      break;
    case 'object':
      walk.size += 4;
      break;
    default:
      stop(walk, `$ is ${typeof item}, which is not JSON data`);
  }
  const { limits, path } = walk;
  if (walk.size > limits.maxSize)
    stop(walk, `it is larger than the limit of ${limits.maxSize} characters`);
  if (typeof item !== 'object' || item === null) return item;
  if (depth >= limits.maxDepth)
    stop(walk, `it is nested deeper than the limit of ${limits.maxDepth} levels`);
  if (Array.isArray(item)) {
    const source = item as readonly unknown[];
    const length = source.length;
    walk.size += length;
    const items = new Array<unknown>(length);
    for (let index = 0; index < length; index++) {
      path?.push(index);
      items[index] = copyAt(walk, source[index], depth + 1);
      path?.pop();
    }
    return Object.freeze(items);
  }
  if (!isPlainObject(item))
    stop(walk, '$ is not a plain object, array, string, number, boolean or null');
  const source = item;
  const target: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    walk.size += key.length + 3;
    path?.push(key);
    const child = copyAt(walk, source[key], depth + 1);
    path?.pop();
    // A key named "__proto__" must stay an own data property of the copy;
    // plain assignment would replace the copy's prototype instead.
    if (key === '__proto__') {
      Object.defineProperty(target, key, {
        value: child,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else {
      target[key] = child;
    }
  }
  return Object.freeze(target);
}
