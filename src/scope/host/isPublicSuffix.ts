import { getPublicSuffix } from '../../deps/tldts.js';
import type { CanonicalHost } from './types.js';

/**
 * Is the canonical host name itself a public suffix (ICANN or private section, or an
 * unknown TLD by the list's default rule), so that a wildcard over it would span many owners?
 *
 * @param host A canonical host name (not an IP literal).
 * @returns `true` for `com`, `co.uk`, `github.io`, `internal`; `false` for `example.com`.
 */
export function isPublicSuffix(host: CanonicalHost): boolean {
  const suffix = getPublicSuffix(host, { allowPrivateDomains: true, extractHostname: false });
  // INVARIANT: fail closed. When the list cannot say (null), treat the host as a suffix.
  return suffix === null || suffix === host;
}
