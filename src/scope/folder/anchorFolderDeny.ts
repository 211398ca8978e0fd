import { escape } from '../../deps/minimatch.js';
import type { CanonicalPath } from '../path/types.js';

/**
 * Rewrites a folder deny entry as absolute globs that take away exactly
 * the same paths under these roots: an absolute entry stays as it is; a
 * relative one is anchored at each root (its characters escaped, so a root
 * named `/srv/a*` or `/srv/{x,y}` means only itself). Used where a deny
 * must keep its meaning in a grant with other roots (`intersectGrants`).
 *
 * // ('!.env', [/srv/app])          => ['!/srv/app/**\/.env']
 * // ('!.git/**', [/srv/a, /])      => ['!/srv/a/.git/**', '!/.git/**']
 * // ('!/srv/app/.git', [/srv])     => ['!/srv/app/.git']
 */
export function anchorFolderDeny(entry: string, roots: Iterable<CanonicalPath>): string[] {
  const glob = entry.slice(1);
  if (glob.startsWith('/')) return [entry];
  // gitignore: no "/" => that name at any depth under the root.
  const anchored = glob.includes('/') ? glob : `**/${glob}`;
  return [...roots].map((root) => {
    const prefix = root === '/' ? '' : escape(root, { magicalBraces: true });
    return `!${prefix}/${anchored}`;
  });
}
