import type { FolderDenyEntry, FolderGrant, Grant } from './types.js';

/**
 * A grant's folder roots, without its deny entries, in grant order.
 *
 * // [/srv/app (write), '!.env', /srv/docs (read)] => [/srv/app (write), /srv/docs (read)]
 */
export function folderRootsOf(grant: Pick<Grant, 'folders'>): FolderGrant[] {
  return grant.folders.filter((entry): entry is FolderGrant => typeof entry !== 'string');
}

/**
 * A grant's folder deny entries, as written, in grant order.
 *
 * // [/srv/app (write), '!.env', '!/srv/app/.git'] => ['!.env', '!/srv/app/.git']
 */
export function folderDeniesOf(grant: Pick<Grant, 'folders'>): FolderDenyEntry[] {
  return grant.folders.filter((entry): entry is FolderDenyEntry => typeof entry === 'string');
}
