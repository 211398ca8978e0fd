import type { HostMatcher, HostPattern } from '../scope/host/index.js';
import type { RootMatcher } from '../scope/folder/compileRootMatcher.js';
import type { CanonicalPath } from '../scope/path/index.js';
import type { SecretMatcher } from '../scope/secret/index.js';
import type { Grant } from './types.js';

/** A grant's matchers, built once by `createGrant`. */
export interface CompiledGrant {
  readonly tools: ReadonlySet<string>;
  /** Roots allowing reads (every root) and roots allowing writes. */
  readonly readRoots: ReadonlySet<CanonicalPath>;
  readonly writeRoots: ReadonlySet<CanonicalPath>;
  readonly readable: RootMatcher;
  readonly writable: RootMatcher;
  readonly hosts: HostMatcher;
  /** The allow patterns of `network`, in grant order. */
  readonly hostPatterns: readonly HostPattern[];
  /** (rev 2) The patterns of `network`'s deny entries (written after `!`), in grant order. */
  readonly hostDenies: readonly HostPattern[];
  readonly secrets: SecretMatcher;
}

const compiledGrants = new WeakMap<Grant, CompiledGrant>();

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
