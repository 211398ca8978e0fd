import { isPathInside } from '../path/isPathInside.js';
import type { CanonicalPath } from '../path/types.js';

/**
 * Which root covers this canonical path? The deepest root that does, so an
 * explanation names the closest one; `undefined` when none does. "Covers"
 * is `compileRootMatcher`'s rule: equal to the root, or below it by whole
 * segments.
 *
 * // (/srv/project/a, [/srv, /srv/project]) => /srv/project
 * // (/srv/project2, [/srv/project])        => undefined
 * // (/etc/passwd, [/])                     => /
 */
export function findCoveringRoot(
  path: CanonicalPath,
  roots: Iterable<CanonicalPath>,
): CanonicalPath | undefined {
  let best: CanonicalPath | undefined;
  for (const root of roots) {
    // INVARIANT: every root covering the path is an ancestor of it, so the longest is the deepest.
    if (isPathInside(path, root) && (best === undefined || root.length > best.length)) best = root;
  }
  return best;
}
