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
  const budget = { size: 0 };
  try {
    const problem: string[] = [];
    const copy = cloneAt(value, '', startDepth, limits, budget, problem);
    return problem[0] === undefined ? ok(copy) : fail(problem[0]);
  } catch {
    // A proxy trap or getter threw: whatever it was, it is not plain data.
    return fail('the value could not be read as plain JSON data');
  }
}

function cloneAt(
  value: unknown,
  pointer: string,
  depth: number,
  limits: JsonLimits,
  budget: { size: number },
  problem: string[],
): unknown {
  if (problem.length > 0) return undefined;
  const where = pointer === '' ? 'the top level' : pointer;
  switch (typeof value) {
    case 'string':
      budget.size += value.length + 2;
      break;
    case 'number':
      if (!Number.isFinite(value)) problem.push(`${where} is ${String(value)}, which JSON cannot hold`);
      budget.size += 8;
      break;
    case 'boolean':
      budget.size += 5;
      break;
    case 'object':
      break;
    default:
      problem.push(`${where} is ${typeof value}, which is not JSON data`);
      return undefined;
  }
  if (budget.size > limits.maxSize) {
    problem.push(`it is larger than the limit of ${limits.maxSize} characters`);
    return undefined;
  }
  if (typeof value !== 'object') return value;
  if (value === null) {
    budget.size += 4;
    return null;
  }
  if (depth + 1 > limits.maxDepth) {
    problem.push(`it is nested deeper than the limit of ${limits.maxDepth} levels`);
    return undefined;
  }
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    const length = (value as unknown[]).length;
    budget.size += 2 + length;
    for (let index = 0; index < length && problem.length === 0; index++) {
      items.push(cloneAt((value as unknown[])[index], `${pointer}/${index}`, depth + 1, limits, budget, problem));
    }
    return Object.freeze(items);
  }
  if (!isPlainObject(value)) {
    problem.push(`${where} is not a plain object, array, string, number, boolean or null`);
    return undefined;
  }
  const copy: Record<string, unknown> = {};
  budget.size += 2;
  for (const key of Object.keys(value)) {
    if (problem.length > 0) break;
    budget.size += key.length + 3;
    const item = cloneAt(value[key], `${pointer}/${escapePointer(key)}`, depth + 1, limits, budget, problem);
    // defineProperty: a key named "__proto__" stays an own data property
    // instead of replacing the copy's prototype.
    Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
  }
  return Object.freeze(copy);
}
