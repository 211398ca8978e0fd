import { findFolderDeny } from '../scope/folder/findFolderDeny.js';
import { parseFolderDeny, type FolderDeny } from '../scope/folder/parseFolderDeny.js';
import type { CanonicalPath } from '../scope/path/index.js';
import { parseSecretDeny } from '../scope/secret/index.js';
import { folderRootsOf } from './folderRootsOf.js';
import type { Grant } from './types.js';

/** A deny entry that takes a value away: its list, its index there, and the entry as written. */
export interface DenyEntryMatch {
  readonly scope: 'folders' | 'secrets';
  readonly index: number;
  readonly entry: string;
}

/**
 * Which deny entry of a grant takes this canonical path or secret name
 * away? The same rule as the gate's compiled matchers (`findFolderDeny`,
 * `compileSecretMatcher`), read from the grant's entries, for
 * explanations; `undefined` when no deny entry does. The access does not
 * matter: denies apply to reads and writes alike.
 *
 * // ({ folders: [/srv/app, '!.env'] }, folder /srv/app/a/.env)      => { scope: folders, index: 1, entry: '!.env' }
 * // ({ secrets: ['AWS_*', '!AWS_SECRET_ACCESS_KEY'] }, AWS_REGION)  => undefined
 */
export function findDenyEntry(
  grant: Grant,
  query:
    | { readonly kind: 'folder'; readonly path: CanonicalPath }
    | { readonly kind: 'secret'; readonly name: string },
): DenyEntryMatch | undefined {
  if (query.kind === 'folder') {
    const denies: FolderDeny[] = [];
    for (const entry of grant.folders) {
      const deny = typeof entry === 'string' ? parseFolderDeny(entry) : undefined;
      if (deny?.ok === true) denies.push(deny.value);
    }
    const roots = folderRootsOf(grant).map((folder) => folder.path as CanonicalPath);
    const found = findFolderDeny(query.path, roots, denies);
    return found === undefined
      ? undefined
      : {
          scope: 'folders',
          index: grant.folders.indexOf(found.entry as never),
          entry: found.entry,
        };
  }
  const index = grant.secrets.findIndex((entry) => {
    const deny = parseSecretDeny(entry);
    if (!deny.ok) return false;
    const pattern = deny.value.pattern;
    return pattern.kind === 'exact'
      ? pattern.name === query.name
      : query.name.startsWith(pattern.prefix);
  });
  const entry = grant.secrets[index];
  return entry === undefined ? undefined : { scope: 'secrets', index, entry };
}
