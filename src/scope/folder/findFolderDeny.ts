import type { CanonicalPath } from '../path/types.js';
import { matchGlobSegments } from './matchGlobRows.js';
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
  if (denies.length === 0) return undefined;
  // Each path split once, however many globs are tried on it.
  const relatives: (readonly string[])[] = [];
  for (const root of roots) {
    // /srv/app/a/b under /srv/app => a/b; under / => srv/app/a/b.
    const relative =
      root === '/' ? path.slice(1) : path.startsWith(`${root}/`) ? path.slice(root.length + 1) : '';
    if (relative !== '') relatives.push(relative.split('/'));
  }
  let absolute: readonly string[] | undefined;
  for (const deny of denies) {
    if (deny.absolute) {
      absolute ??= path.split('/');
      if (matches(deny, absolute)) return deny;
    } else {
      for (const relative of relatives) if (matches(deny, relative)) return deny;
    }
  }
  return undefined;
}

/** Does the glob name this path, or a folder above it? */
function matches(deny: FolderDeny, segments: readonly string[]): boolean {
  return matchGlobSegments(deny.self.set, segments) || matchGlobSegments(deny.below.set, segments);
}
