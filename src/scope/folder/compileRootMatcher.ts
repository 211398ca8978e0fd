import type { CanonicalPath } from '../path/index.js';

/** Decides whether a canonical path sits inside one of a set of folder roots. */
export interface RootMatcher {
  /** Is the path equal to a root, or inside one (the root plus "/")? */
  readonly covers: (path: CanonicalPath) => boolean;
}

/** Up to this many roots are compared one by one; more are looked up by ancestor. */
const FEW_ROOTS = 16;

/**
 * Compiles folder roots into a matcher whose cost does not grow with their
 * number: a few roots are compared with `startsWith` (no allocation); many
 * are looked up by each ancestor of the path, so the cost follows the
 * path's depth instead.
 *
 * // roots { /srv/project }: /srv/project/a => true; /srv/project2 => false
 * // roots { / }: anything => true
 */
export function compileRootMatcher(roots: Iterable<CanonicalPath>): RootMatcher {
  const set = new Set<string>(roots);
  if (set.has('/')) return Object.freeze({ covers: () => true });
  if (set.size <= FEW_ROOTS) {
    // /srv/project => "/srv/project/", so /srv/project2 never matches by prefix.
    const list = [...set].map((root) => ({ root, prefix: `${root}/` }));
    return Object.freeze({
      covers: (path: CanonicalPath) => {
        // A loop, not some(): this runs for every path of every call.
        for (const { root, prefix } of list)
          if (path === root || path.startsWith(prefix)) return true;
        return false;
      },
    });
  }
  return Object.freeze({ covers: (path: CanonicalPath) => isCoveredByAncestor(path, set) });
}

/** Walks the path's ancestors: /a/b/c, /a/b, /a. */
function isCoveredByAncestor(path: string, roots: ReadonlySet<string>): boolean {
  for (let end = path.length; end > 0; end = path.lastIndexOf('/', end - 1)) {
    if (roots.has(end === path.length ? path : path.slice(0, end))) return true;
  }
  return false;
}
