import { fail, ok, type ScopeResult } from '../scope/result.js';

/** A resource pointer split into unescaped segments; `WILDCARD` marks a `*` segment. */
export type PointerSegments = readonly (string | typeof WILDCARD)[];

/** The `*` segment: every array item or object value. */
export const WILDCARD: unique symbol = Symbol('*');

/**
 * Parses a resource's JSON Pointer (RFC 6901) into segments.
 *
 * // /path          => ['path']
 * // /files/*\/name  => ['files', WILDCARD, 'name']
 * // /a~1b/c~0d     => ['a/b', 'c~d']
 * // '' or 'path'   => fails: a resource names a value inside the arguments
 */
export function parseResourcePointer(at: unknown): ScopeResult<PointerSegments> {
  if (typeof at !== 'string' || !at.startsWith('/')) {
    return fail('"at" must be a JSON Pointer starting with "/", such as "/path"');
  }
  const segments: (string | typeof WILDCARD)[] = [];
  for (const raw of at.slice(1).split('/')) {
    if (/~(?![01])/.test(raw)) {
      return fail('"~" in a JSON Pointer must be written "~0" ("~1" stands for "/")');
    }
    // ~1 first, then ~0: "~01" => "~1", not "/".
    segments.push(raw === '*' ? WILDCARD : raw.replaceAll('~1', '/').replaceAll('~0', '~'));
  }
  return ok(segments);
}
