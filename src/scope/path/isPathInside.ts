import type { CanonicalPath } from './types.js';

/**
 * Is this canonical path the root itself or somewhere below it?
 *
 * Compares whole segments: `/srv/project2` is not inside `/srv/project`.
 * The root `/` covers every canonical path.
 */
export function isPathInside(path: CanonicalPath, root: CanonicalPath): boolean {
  // INVARIANT: both are canonical, so only the root '/' ends with '/' and plain prefix tests are exact.
  if (path === root || root === '/') return true;
  // /srv/project/a inside /srv/project => true ; /srv/project2 inside /srv/project => false
  return path.startsWith(`${root}/`);
}
