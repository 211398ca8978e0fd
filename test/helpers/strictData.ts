import { isPlainObject } from '../../src/data/isPlainObject.js';

/**
 * Reads a fixture object strictly: it must be a plain object holding every
 * `required` key, and no key outside `required` and `optional`. Throws an
 * error naming the place (`where`) and the offending key, so a typo in a
 * corpus file fails loudly instead of being ignored.
 *
 * // readObject({ a: 1 }, 'cases[0]', ['a'])        => { a: 1 }
 * // readObject({ a: 1, b: 2 }, 'cases[0]', ['a'])  => throws: cases[0] has unknown key "b"
 */
export function readObject(
  value: unknown,
  where: string,
  required: readonly string[],
  optional: readonly string[] = [],
): Record<string, unknown> {
  if (!isPlainObject(value)) throw new Error(`${where} must be an object`);
  for (const key of required) {
    if (!Object.hasOwn(value, key)) throw new Error(`${where} is missing "${key}"`);
  }
  for (const key of Object.keys(value)) {
    if (!required.includes(key) && !optional.includes(key)) {
      throw new Error(
        `${where} has unknown key "${key}"; the keys are ${[...required, ...optional].join(', ')}`,
      );
    }
  }
  return value;
}

/** Reads a non-empty string, or throws naming the place. */
export function readText(value: unknown, where: string): string {
  if (typeof value !== 'string' || value === '')
    throw new Error(`${where} must be a non-empty string`);
  return value;
}

/** Reads a list, or throws naming the place. */
export function readList(value: unknown, where: string): readonly unknown[] {
  if (!Array.isArray(value)) throw new Error(`${where} must be a list`);
  return value as readonly unknown[];
}

/** Reads one of a fixed set of strings, or throws naming the place and the choices. */
export function readChoice<T extends string>(
  value: unknown,
  where: string,
  choices: readonly T[],
): T {
  if (typeof value !== 'string' || !choices.includes(value as T)) {
    throw new Error(`${where} must be one of ${choices.join(', ')}`);
  }
  return value as T;
}
