import type { CanonicalPath } from '../path/types.js';
import { matchGlobRows } from './matchGlobRows.js';
import type { FolderDeny } from './parseFolderDeny.js';

/**
 * Which deny entry takes this canonical path away? The first entry, in grant
 * order, whose glob names the path or a folder above it: absolute globs
 * against the path itself, relative ones against the path relative to each
 * root that covers it (a root itself is never relative to itself: only an
 * absolute glob denies a root). `undefined` when none does.
 *
 * // (/srv/app/.env, [/srv/app], [!.env])             => !.env
 * // (/srv/app/.git/config, [/srv/app], [!.git])      => !.git (a named folder denies what is under it)
 * // (/srv/app/dir, [/srv/app], [!dir/**])            => undefined (only what is under dir)
 * // (/srv/app/x/config/a, [/srv/app], [!config/*])   => undefined (anchored at the root)
 */
export function findFolderDeny(
  path: CanonicalPath,
  roots: Iterable<CanonicalPath>,
  denies: readonly FolderDeny[],
): FolderDeny | undefined {
  const relatives: string[] = [];
  for (const root of roots) {
    // /srv/app/a/b under /srv/app => a/b; under / => srv/app/a/b.
    if (root === '/') relatives.push(path.slice(1));
    else if (path.startsWith(`${root}/`)) relatives.push(path.slice(root.length + 1));
  }
  for (const deny of denies) {
    if (deny.absolute) {
      if (matches(deny, path)) return deny;
    } else {
      for (const relative of relatives) if (relative !== '' && matches(deny, relative)) return deny;
    }
  }
  return undefined;
}

/** Does the glob name this path, or a folder above it? */
function matches(deny: FolderDeny, path: string): boolean {
  return matchGlobRows(deny.self.set, path) || matchGlobRows(deny.below.set, path);
}
