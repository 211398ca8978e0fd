import { hasOwn } from '../../data/hasOwn.js';
import type { AuthorizedCall } from '../../gate/types.js';

/**
 * Reads one argument of a built-in tool's call, own properties only, and
 * checks its type: the dispatch stage does not check the schema again, so a
 * handler cannot rely on it. Throws an `Error` the model can act on.
 *
 * // (call with { path: 'a.md' }, 'path', 'string') => 'a.md'
 */
export function readArgument(
  call: AuthorizedCall,
  key: string,
  type: 'string' | 'integer',
  required = true,
): unknown {
  const args = call.arguments;
  const value = hasOwn(args, key) ? args[key] : undefined;
  if (value === undefined && !required) return undefined;
  const ok = type === 'string' ? typeof value === 'string' : Number.isSafeInteger(value);
  if (!ok)
    throw new Error(
      `${call.ref} needs "${key}" as ${type === 'string' ? 'a string' : 'an integer'}`,
    );
  return value;
}
