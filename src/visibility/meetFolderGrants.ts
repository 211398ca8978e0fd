import type { FolderGrant } from '../grant/types.js';
import { isPathInside, type CanonicalPath } from '../scope/path/index.js';

/**
 * Which folder grant allows exactly what both allow? Roots form a tree, so
 * the paths both cover are the deeper root's, with the weaker access: the
 * meet is exact. Taken over every pair, the union of meets is exactly the
 * paths (and access) both grants allow.
 *
 * // ({/srv, write}, {/srv/app, read}) => {/srv/app, read}
 * // ({/srv/a, write}, {/srv/b, write}) => undefined
 */
export function meetFolderGrants(x: FolderGrant, y: FolderGrant): FolderGrant | undefined {
  const access = x.access === 'write' && y.access === 'write' ? 'write' : 'read';
  // INVARIANT: grant roots are canonical (createGrant canonicalized them).
  if (isPathInside(y.path as CanonicalPath, x.path as CanonicalPath))
    return { path: y.path, access };
  if (isPathInside(x.path as CanonicalPath, y.path as CanonicalPath))
    return { path: x.path, access };
  return undefined;
}
