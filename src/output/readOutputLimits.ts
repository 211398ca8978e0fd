import { hasOwn } from '../data/hasOwn.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import type { OutputLimits } from './types.js';

/** The Kortix limits (49 KiB or 1,990 lines), and the head shown when output is over them. */
export const DEFAULT_OUTPUT_LIMITS: Readonly<Required<OutputLimits>> =
  /* @__PURE__ */ Object.freeze({
    maxBytes: 49 * 1024,
    maxLines: 1990,
    headBytes: 8192,
    headLines: 100,
  });

const KEYS = /* @__PURE__ */ Object.keys(DEFAULT_OUTPUT_LIMITS) as (keyof OutputLimits)[];

/**
 * Fills in the default of every limit left out. Throws `ToolgateError`
 * (`invalid_option`) for an unknown key or a value that is not a positive
 * safe integer.
 *
 * // { maxLines: 10 } => { maxBytes: 50176, maxLines: 10, headBytes: 8192, headLines: 100 }
 */
export function readOutputLimits(limits: unknown): Required<OutputLimits> {
  if (limits === undefined) return DEFAULT_OUTPUT_LIMITS;
  if (!isPlainObject(limits))
    throw new ToolgateError('invalid_option', `output limits are an object { ${KEYS.join(', ')} }`);
  for (const key of Object.keys(limits)) {
    if (!(KEYS as string[]).includes(key))
      throw new ToolgateError(
        'invalid_option',
        `output limits have no key ${JSON.stringify(key)}; the keys are ${KEYS.join(', ')}`,
      );
  }
  const read = { ...DEFAULT_OUTPUT_LIMITS };
  for (const key of KEYS) {
    if (!hasOwn(limits, key)) continue;
    const value = limits[key];
    if (!Number.isSafeInteger(value) || (value as number) < 1) {
      throw new ToolgateError(
        'invalid_option',
        `the output limit ${key} must be a positive integer`,
      );
    }
    read[key] = value as number;
  }
  return read;
}
