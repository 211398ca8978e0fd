import { findCoveringRoot } from '../scope/folder/findCoveringRoot.js';
import { findContainingHostPattern } from '../scope/host/findContainingHostPattern.js';
import { findMatchingHostPattern } from '../scope/host/findMatchingHostPattern.js';
import { doHostPatternsOverlap } from '../scope/host/doHostPatternsOverlap.js';
import { isHostInPattern } from '../scope/host/isHostInPattern.js';
import { type CanonicalHost, type HostPattern } from '../scope/host/index.js';
import { parseNetworkEntry } from '../scope/host/parseNetworkEntry.js';
import type { CanonicalPath } from '../scope/path/index.js';
import { findMatchingSecretPattern } from '../scope/secret/findMatchingSecretPattern.js';
import { parseSecretPattern } from '../scope/secret/index.js';
import { findDenyEntry } from './findDenyEntry.js';
import { folderRootsOf } from './folderRootsOf.js';
import type { Grant } from './types.js';
import { splitToolEntry } from './splitToolEntry.js';

/** What a call wants of a grant, already in canonical form (as the gate's checks hold it). */
export type GrantEntryQuery =
  | { readonly kind: 'tool'; readonly ref: string }
  | { readonly kind: 'folder'; readonly path: CanonicalPath; readonly access: 'read' | 'write' }
  | { readonly kind: 'host'; readonly host: CanonicalHost; readonly port: number | undefined }
  | { readonly kind: 'hostPattern'; readonly pattern: HostPattern }
  | { readonly kind: 'secret'; readonly name: string };

/** The grant entry that allows a query: which list, where in it, and the entry as the grant holds it. */
export interface GrantEntryMatch {
  readonly scope: 'tools' | 'folders' | 'network' | 'secrets';
  /** The index in `grant[scope]`. */
  readonly index: number;
  /** The tools entry as written (a pin included), the canonical folder root, the canonical host pattern or the secret entry. */
  readonly entry: string;
  /** For folders: the access the entry allows. */
  readonly access?: 'read' | 'write';
}

/**
 * Which entry of a grant allows this? The answer an explanation prints next
 * to a passing check: the exact ref, the closest folder root whose access
 * covers the need, the most specific host pattern, or the exact secret name
 * before the longest prefix. `undefined` when no entry allows it, exactly
 * when the gate's compiled matchers refuse it (the grant is canonical, so
 * its entries parse back to the patterns `createGrant` compiled). Throws
 * only for a grant `createGrant` did not make whose entries do not parse.
 *
 * // ({ folders: [/workspace] }, folder /workspace/src/a.ts write) => { scope: folders, index: 0, entry: /workspace, access: write }
 * // ({ network: [*.github.com, api.github.com] }, host api.github.com 443) => { scope: network, index: 1, entry: api.github.com }
 * // ({ network: [*, !*.corp.example.com] }, host a.corp.example.com 443)   => undefined (denied)
 */
export function findGrantEntry(grant: Grant, query: GrantEntryQuery): GrantEntryMatch | undefined {
  switch (query.kind) {
    case 'tool': {
      const index = grant.tools.findIndex((entry) => splitToolEntry(entry).ref === query.ref);
      const entry = grant.tools[index];
      return entry === undefined ? undefined : { scope: 'tools', index, entry };
    }
    case 'folder': {
      // Deny always wins: a denied path has no entry that allows it.
      if (findDenyEntry(grant, query) !== undefined) return undefined;
      // write implies read: a read may use any root, a write only a write root.
      const usable = folderRootsOf(grant).filter(
        (folder) => query.access === 'read' || folder.access === 'write',
      );
      const root = findCoveringRoot(
        query.path,
        usable.map((folder) => folder.path as CanonicalPath),
      );
      const index = grant.folders.findIndex(
        (folder) => typeof folder !== 'string' && folder.path === root && usable.includes(folder),
      );
      const folder = grant.folders[index];
      return folder === undefined || typeof folder === 'string'
        ? undefined
        : { scope: 'folders', index, entry: folder.path, access: folder.access };
    }
    case 'host':
    case 'hostPattern': {
      const entries = parseAll(grant.network, parseNetworkEntry);
      // (rev 2) a deny entry wins whatever the order: nothing it takes is allowed by any entry
      const denied = entries.some(
        (entry) =>
          entry.deny &&
          (query.kind === 'host'
            ? isHostInPattern(entry.pattern, query.host, query.port, true)
            : doHostPatternsOverlap(query.pattern, entry.pattern)),
      );
      if (denied) return undefined;
      // Deny entries stand in as `undefined`, so indexes stay those of grant.network.
      const patterns = entries.map((entry) => (entry.deny ? undefined : entry.pattern));
      const allowed = patterns.filter((pattern) => pattern !== undefined);
      const found =
        query.kind === 'host'
          ? findMatchingHostPattern(allowed, query.host, query.port)
          : findContainingHostPattern(allowed, query.pattern);
      return found === undefined
        ? undefined
        : { scope: 'network', index: patterns.indexOf(found), entry: found.text };
    }
    case 'secret': {
      if (findDenyEntry(grant, query) !== undefined) return undefined;
      // Deny entries stay in the list (as never-matching gaps) so indexes keep aligned.
      const patterns = grant.secrets.map((text) =>
        text.startsWith('!') ? undefined : parseAll([text], parseSecretPattern)[0],
      );
      const found = findMatchingSecretPattern(
        patterns.filter((pattern) => pattern !== undefined),
        query.name,
      );
      const index = found === undefined ? -1 : patterns.indexOf(found);
      const entry = grant.secrets[index];
      return entry === undefined ? undefined : { scope: 'secrets', index, entry };
    }
  }
}

/**
 * Parses every entry of a canonical grant list, keeping indexes aligned.
 * INVARIANT: `createGrant` accepted these entries, so each parses again.
 */
function parseAll<T>(
  entries: readonly string[],
  parse: (text: string) => { readonly ok: true; readonly value: T } | { readonly ok: false },
): T[] {
  return entries.map((text) => {
    const parsed = parse(text);
    if (!parsed.ok) throw new Error(`the grant entry ${JSON.stringify(text)} no longer parses`);
    return parsed.value;
  });
}
