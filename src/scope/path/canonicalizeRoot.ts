import { fail, ok, type ScopeResult } from '../result.js';
import { normalizeAbsolutePath } from './normalizeAbsolutePath.js';
import type { CanonicalPath } from './types.js';
import { validatePathText } from './validatePathText.js';

/**
 * Canonicalizes a grant's folder root, or says which rule it breaks.
 *
 * A root is never relative (a grant has no cwd): it must be an absolute POSIX
 * path, and otherwise obeys the same bans and canonicalization as a call path.
 *
 * @example
 * canonicalizeRoot('/srv/project/') // => ok('/srv/project')
 * canonicalizeRoot('srv/project')   // => fail('a folder root must be an absolute POSIX path …')
 */
export function canonicalizeRoot(value: unknown): ScopeResult<CanonicalPath> {
  const text = validatePathText(value, 'a folder root');
  if (!text.ok) return fail(text.problem);
  // srv/project => refused (a root relative to what?)
  if (!text.value.startsWith('/')) {
    return fail(
      'a folder root must be an absolute POSIX path starting with "/"; write it in full, such as "/srv/project"',
    );
  }
  // /srv//project/./ => /srv/project
  return ok(normalizeAbsolutePath(text.value));
}
