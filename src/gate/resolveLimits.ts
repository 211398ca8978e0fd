import { describeValue } from '../data/describeValue.js';
import { hasOwn } from '../data/hasOwn.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import type { ResolvedLimits } from './decodeTurn.js';
import type { TurnLimits } from './types.js';

const DEFAULT_MAX_BYTES = 1024 * 1024;
const DEFAULT_MAX_DEPTH = 64;

/** Fills in the default limits (1 MiB, 64 levels) and checks the given ones. */
export function resolveLimits(limits: TurnLimits | undefined): ResolvedLimits {
  // Own properties only: a polluted Object.prototype must not set a limit.
  const own = (key: 'maxBytes' | 'maxDepth'): number | undefined =>
    limits !== undefined && hasOwn(limits, key) ? limits[key] : undefined;
  const maxBytes = own('maxBytes') ?? DEFAULT_MAX_BYTES;
  const maxDepth = own('maxDepth') ?? DEFAULT_MAX_DEPTH;
  for (const [name, value] of [
    ['maxBytes', maxBytes],
    ['maxDepth', maxDepth],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new ToolgateError(
        'invalid_option',
        `limits.${name} ${describeValue(value)} must be a positive integer`,
      );
    }
  }
  return { maxBytes, maxDepth };
}
