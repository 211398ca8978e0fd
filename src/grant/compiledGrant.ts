import { sharedWeakMap } from '../data/sharedWeakMap.js';
import type { HostMatcher, HostPattern } from '../scope/host/index.js';
import type { RootMatcher } from '../scope/folder/compileRootMatcher.js';
import type { FolderDeny } from '../scope/folder/parseFolderDeny.js';
import type { CanonicalPath } from '../scope/path/index.js';
import type { SecretMatcher } from '../scope/secret/index.js';
import type { CompiledFlow, CompiledLabel } from './readFlowRules.js';
import type { Grant, GrantSpec } from './types.js';

/** A grant's matchers, built once by `createGrant`. */
export interface CompiledGrant {
  /** The granted refs, pins taken off. */
  readonly tools: ReadonlySet<string>;
  /** (rev 2) The digest each pinned ref's registered definition must have. */
  readonly pins: ReadonlyMap<string, string>;
  /** (rev 2) The refs whose calls need an approval of the exact call. */
  readonly ask: ReadonlySet<string>;
  /** Roots allowing reads (every root) and roots allowing writes. */
  readonly readRoots: ReadonlySet<CanonicalPath>;
  readonly writeRoots: ReadonlySet<CanonicalPath>;
  readonly readable: RootMatcher;
  readonly writable: RootMatcher;
  /** The folder deny entries, in grant order; absent when there are none, so such grants pay nothing. */
  readonly folderDenies?: readonly FolderDeny[];
  readonly hosts: HostMatcher;
  /** The allow patterns of `network`, in grant order. */
  readonly hostPatterns: readonly HostPattern[];
  /** (rev 2) The patterns of `network`'s deny entries (written after `!`), in grant order. */
  readonly hostDenies: readonly HostPattern[];
  readonly secrets: SecretMatcher;
  /** The labels flow rules name; absent when the grant has none. */
  readonly labels?: ReadonlyMap<string, CompiledLabel>;
  /** The flow rules, in grant order; absent when there are none, so such grants pay nothing. */
  readonly flows?: readonly CompiledFlow[];
  /**
   * (rev 3) The entries as the spec wrote them, for what `compareGrants` reports
   * (SPEC §14.3): `folders` one for one with the grant's, `network` from each
   * canonical entry to its first spelling.
   */
  readonly written: {
    readonly folders: readonly WrittenFolderEntry[];
    readonly network: ReadonlyMap<string, string>;
  };
}

/** A `folders` entry as a spec may write it: a path, a deny, or a root object with or without access. */
export type WrittenFolderEntry = NonNullable<GrantSpec['folders']>[number];

/** Shared by every copy of this version in the process (ESM, CommonJS, bundled): see `sharedWeakMap`. */
const compiledGrants = /* @__PURE__ */ sharedWeakMap<Grant, CompiledGrant>('grants');

/** Records a grant's matchers (called once, by `createGrant`). */
export function attachCompiledGrant(grant: Grant, compiled: CompiledGrant): void {
  compiledGrants.set(grant, compiled);
}

/** The matchers of a grant made by `createGrant`, or `undefined` for anything else. */
export function compiledGrantOf(grant: unknown): CompiledGrant | undefined {
  return typeof grant === 'object' && grant !== null
    ? compiledGrants.get(grant as Grant)
    : undefined;
}
