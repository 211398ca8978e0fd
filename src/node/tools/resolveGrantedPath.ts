import { extend } from '../../data/extend.js';
import type { HandlerContext } from '../../fire/types.js';
import { findDenyEntry } from '../../grant/findDenyEntry.js';
import { folderRootsOf } from '../../grant/folderRootsOf.js';
import type { FolderGrant, Grant } from '../../grant/types.js';
import { nodeRealpath } from '../../realpath/nodeRealpath.js';
import {
  canonicalizePath,
  isPathInside,
  toAbsoluteRawPath,
  type CanonicalPath,
} from '../../scope/path/index.js';

/** A path a file tool may use: as canonicalized (for messages) and as the OS resolves it (to open). */
export interface GrantedPath {
  readonly canonical: string;
  readonly real: string;
}

/**
 * Checks a path argument against the grant again, where the file tool is
 * about to open it (the gate may have been built without `realpath`): the
 * canonical path must sit inside a granted folder with the access, and its
 * real path, every symlink resolved, inside that folder's real path; no
 * deny entry may name either (relative ones against the roots' real paths
 * for the real path).
 * Throws an `Error` whose message says what to change; the model reads it.
 *
 * // ('notes/a.md', { grant: folders [/srv/p], cwd: '/srv/p' }, 'read') => { canonical: '/srv/p/notes/a.md', real: '/srv/p/notes/a.md' }
 * // ('link-to-etc/passwd', …)                                          => throws: … leaves the granted folder scope through a symbolic link
 */
export function resolveGrantedPath(
  value: unknown,
  context: Pick<HandlerContext, 'grant' | 'cwd'>,
  access: 'read' | 'write',
): GrantedPath {
  const raw = toAbsoluteRawPath(value, context.cwd);
  const canonical = canonicalizePath(value, context.cwd);
  if (!raw.ok) throw new Error(raw.problem);
  if (!canonical.ok) throw new Error(canonical.problem);
  const allRoots = folderRootsOf(context.grant);
  const roots = allRoots.filter(
    (folder) =>
      (access === 'read' || folder.access === 'write') &&
      isPathInside(canonical.value, folder.path as CanonicalPath),
  );
  const outside = `the path ${canonical.value} is outside the granted folder scope`;
  if (roots.length === 0) throw new Error(outside);
  const denied = findDenyEntry(context.grant, { kind: 'folder', path: canonical.value });
  if (denied !== undefined)
    throw new Error(`${outside}: the deny entry ${denied.entry} takes it away`);
  const real = nodeRealpath(raw.value);
  if (real === undefined) {
    throw new Error(
      `the path ${canonical.value} cannot be resolved safely (a dangling symbolic link, "." or ".." under a missing folder, or no permission); name an existing folder`,
    );
  }
  for (const root of roots) {
    const realRoot = nodeRealpath(root.path);
    if (realRoot !== undefined && isPathInside(real as CanonicalPath, realRoot as CanonicalPath)) {
      const realDeny = findRealDeny(real as CanonicalPath, allRoots, context.grant);
      if (realDeny !== undefined)
        throw new Error(
          `${outside}: its real path ${real} is taken away by the deny entry ${realDeny}`,
        );
      return Object.freeze({ canonical: canonical.value, real });
    }
  }
  throw new Error(`${outside}: it leaves the granted folder through a symbolic link`);
}

/** The deny entry naming a real path, read against the real paths of the roots. */
function findRealDeny(
  real: CanonicalPath,
  roots: readonly FolderGrant[],
  grant: Grant,
): string | undefined {
  const realRoots = roots.flatMap((root) => {
    const realRoot = nodeRealpath(root.path);
    return realRoot === undefined ? [] : [{ path: realRoot, access: root.access }];
  });
  const denies = grant.folders.filter((entry) => typeof entry === 'string');
  return findDenyEntry(extend(grant, { folders: [...realRoots, ...denies] }), {
    kind: 'folder',
    path: real,
  })?.entry;
}
