import type { CanonicalHost } from './types.js';

/**
 * Is the host a subdomain of the domain, at any depth, and not the domain itself?
 *
 * @param host A canonical host.
 * @param domain A canonical host name.
 * @returns `true` for (`a.b.example.com`, `example.com`); `false` for `example.com` or `badexample.com`.
 */
export function isStrictlyUnder(host: CanonicalHost, domain: CanonicalHost): boolean {
  // the leading "." is what keeps badexample.com out of example.com
  return host.length > domain.length + 1 && host.endsWith(`.${domain}`);
}
