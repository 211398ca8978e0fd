import type { HandlerContext } from '../../fire/types.js';
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
 * real path, every symlink resolved, inside that folder's real path.
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
  const roots = context.grant.folders.filter(
    (folder) =>
      (access === 'read' || folder.access === 'write') &&
      isPathInside(canonical.value, folder.path as CanonicalPath),
  );
  const outside = `the path ${canonical.value} is outside the granted folder scope`;
  if (roots.length === 0) throw new Error(outside);
  const real = nodeRealpath(raw.value);
  if (real === undefined) {
    throw new Error(
      `the path ${canonical.value} cannot be resolved safely (a dangling symbolic link, "." or ".." under a missing folder, or no permission); name an existing folder`,
    );
  }
  for (const root of roots) {
    const realRoot = nodeRealpath(root.path);
    if (realRoot !== undefined && isPathInside(real as CanonicalPath, realRoot as CanonicalPath)) {
      return Object.freeze({ canonical: canonical.value, real });
    }
  }
  throw new Error(`${outside}: it leaves the granted folder through a symbolic link`);
}
