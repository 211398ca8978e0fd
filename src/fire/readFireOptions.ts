import { hasOwn } from '../data/hasOwn.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import type { FireOptions, OutputShaper, ToolHandlers } from './types.js';

/** `FireOptions`, checked; every field as given or absent. */
export interface ReadFireOptions {
  readonly signal: AbortSignal | undefined;
  readonly timeoutMs: number | undefined;
  readonly shapeOutput: OutputShaper | undefined;
}

const FIRE_KEYS = ['signal', 'timeoutMs', 'shapeOutput'];
/** setTimeout's largest delay; a longer one would fire at once. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Checks how a call is to be fired, before anything is dispatched, so a bad
 * option never spends a dispatch. `extraKeys` are the other keys the caller's
 * object may carry (`fire`'s context also holds the gate context). Throws
 * `ToolgateError` (`invalid_option`): these are programming errors.
 *
 * // ({ timeoutMs: 500 }, 'run.fire') => { signal: undefined, timeoutMs: 500, shapeOutput: undefined }
 * // ({ timeoutMs: 0 }, 'run.fire')   => throws: timeoutMs must be an integer from 1 to 2147483647
 */
export function readFireOptions(
  value: unknown,
  what: string,
  extraKeys: readonly string[] = [],
): ReadFireOptions {
  if (value === undefined)
    return { signal: undefined, timeoutMs: undefined, shapeOutput: undefined };
  if (!isPlainObject(value))
    throw new ToolgateError(
      'invalid_option',
      `${what} takes an options object { ${FIRE_KEYS.join(', ')} }`,
    );
  const keys = [...extraKeys, ...FIRE_KEYS];
  for (const key of Object.keys(value)) {
    if (!keys.includes(key))
      throw new ToolgateError(
        'invalid_option',
        `${what} has no option ${JSON.stringify(key)}; the options are ${keys.join(', ')}`,
      );
  }
  // Own properties only: a polluted Object.prototype must not set a deadline or a shaper.
  const own = (key: keyof FireOptions): unknown => (hasOwn(value, key) ? value[key] : undefined);
  const [signal, timeoutMs, shapeOutput] = [own('signal'), own('timeoutMs'), own('shapeOutput')];
  if (signal !== undefined && !isAbortSignal(signal)) {
    throw new ToolgateError('invalid_option', `${what}: signal must be an AbortSignal`);
  }
  if (
    timeoutMs !== undefined &&
    !(
      Number.isInteger(timeoutMs) &&
      (timeoutMs as number) >= 1 &&
      (timeoutMs as number) <= MAX_TIMEOUT_MS
    )
  ) {
    throw new ToolgateError(
      'invalid_option',
      `${what}: timeoutMs must be an integer from 1 to ${MAX_TIMEOUT_MS} (milliseconds)`,
    );
  }
  if (shapeOutput !== undefined && typeof shapeOutput !== 'function') {
    throw new ToolgateError(
      'invalid_option',
      `${what}: shapeOutput must be a function (output, call) => text`,
    );
  }
  return {
    signal,
    timeoutMs: timeoutMs as number | undefined,
    shapeOutput: shapeOutput as OutputShaper | undefined,
  };
}

/** Checks the handler argument: one function, or an object of functions keyed by ref. */
export function assertHandlers(handlers: unknown, what: string): asserts handlers is ToolHandlers {
  if (typeof handlers === 'function') return;
  if (typeof handlers === 'object' && handlers !== null && !Array.isArray(handlers)) {
    for (const key of Object.keys(handlers)) {
      if (typeof (handlers as Record<string, unknown>)[key] !== 'function') {
        throw new ToolgateError(
          'invalid_option',
          `${what}: the handler for ${JSON.stringify(key)} must be a function (call, { signal }) => output`,
        );
      }
    }
    return;
  }
  throw new ToolgateError(
    'invalid_option',
    `${what} needs a handler (call, { signal }) => output, or an object of handlers keyed by ref`,
  );
}

// Duck-typed, so a signal from another realm or polyfill works as well.
function isAbortSignal(value: unknown): value is AbortSignal {
  if (typeof value !== 'object' || value === null) return false;
  const signal = value as Partial<AbortSignal>;
  return (
    typeof signal.aborted === 'boolean' &&
    typeof signal.addEventListener === 'function' &&
    typeof signal.removeEventListener === 'function'
  );
}
