import { fail, ok, type ScopeResult } from '../result.js';
import { normalizeAbsolutePath } from './normalizeAbsolutePath.js';
import { toAbsoluteRawPath } from './toAbsoluteRawPath.js';
import type { CanonicalPath } from './types.js';

/**
 * Canonicalizes an untrusted path a call names, or says which rule it breaks.
 *
 * `value` is the resource value from the call's arguments; `cwd` is the
 * context's working directory (it may be missing or junk, and is only used
 * for a relative value).
 *
 * @example
 * canonicalizePath('/srv/project/./a//b/') // => ok('/srv/project/a/b')
 * canonicalizePath('../x', '/srv/project') // => ok('/srv/x')
 * canonicalizePath('a\\b', '/srv')         // => fail('a path must not contain a backslash …')
 */
export function canonicalizePath(value: unknown, cwd?: unknown): ScopeResult<CanonicalPath> {
  // "docs/./a.md" with cwd "/srv/project" => /srv/project/docs/./a.md
  const raw = toAbsoluteRawPath(value, cwd);
  if (!raw.ok) return fail(raw.problem);
  // /srv/project/docs/./a.md => /srv/project/docs/a.md
  return ok(normalizeAbsolutePath(raw.value));
}
