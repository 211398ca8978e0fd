import type { CanonicalPath } from '../path/types.js';
import type { FolderDeny } from './parseFolderDeny.js';

/** A deny entry a write would undo, and the anchor it guards. */
export interface GuardedDeny {
  readonly deny: FolderDeny;
  readonly anchor: string;
}

/**
 * Would writing this canonical path (moving, renaming or deleting it) take
 * away what a deny entry refuses? It would when the path is an anchor of the
 * entry or a folder above one (SPEC §14.1): the first such entry in grant
 * order, relative anchors joined to each root, or `undefined`.
 *
 * // (/srv/app/.git, [/srv/app], [!.git/**])          => { !.git/**, /srv/app/.git }
 * // (/srv/app, [/srv/app], [!**\/.env])              => { !**\/.env, /srv/app } (the anchor is the root)
 * // (/srv/app/src, [/srv/app], [!config/secrets/*])  => undefined
 */
export function findGuardedDeny(
  path: CanonicalPath,
  roots: ReadonlySet<CanonicalPath> | readonly CanonicalPath[],
  denies: readonly FolderDeny[],
): GuardedDeny | undefined {
  for (const deny of denies) {
    for (const anchor of deny.anchors) {
      if (deny.absolute) {
        if (holds(path, anchor)) return { deny, anchor };
        continue;
      }
      for (const root of roots) {
        const full = anchorAt(anchor, root);
        if (holds(path, full)) return { deny, anchor: full };
      }
    }
  }
  return undefined;
}

/**
 * A relative anchor placed at a root.
 *
 * // ('', /srv/app) => /srv/app ; ('config/secrets', /srv/app) => /srv/app/config/secrets ; ('a', /) => /a
 */
export function anchorAt(anchor: string, root: string): string {
  if (anchor === '') return root;
  return root === '/' ? `/${anchor}` : `${root}/${anchor}`;
}

/** Is the path the anchor itself or a folder above it? */
function holds(path: string, anchor: string): boolean {
  return path === anchor || path === '/' || anchor.startsWith(`${path}/`);
}
