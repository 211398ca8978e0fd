import type { CanonicalPath } from '../path/index.js';

/**
 * Is a canonical path equal to, or inside, one of the roots? Walks the
 * path's ancestors, so the cost grows with the path's depth, not with the
 * number of roots.
 *
 * // /srv/project/a/b with roots { /srv/project } => true  (/srv/project/a/b, /srv/project/a, /srv/project)
 * // /srv/project2    with roots { /srv/project } => false (/srv/project2, /srv)
 * // anything         with roots { / }            => true
 */
export function isCoveredByRoots(path: CanonicalPath, roots: ReadonlySet<string>): boolean {
  if (roots.size === 0) return false;
  let ancestor: string = path;
  for (;;) {
    if (roots.has(ancestor)) return true;
    const slash = ancestor.lastIndexOf('/');
    // INVARIANT: a canonical path starts with "/", so slash >= 0.
    if (slash <= 0) return roots.has('/');
    ancestor = ancestor.slice(0, slash);
  }
}
