import type { CanonicalHost } from './types.js';

const DOTTED_DECIMAL = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * Is the canonical host an IP address rather than a name?
 *
 * @param host A canonical host.
 * @returns `true` for `[::1]` or `127.0.0.1`, `false` for `example.com`.
 */
export function isIpLiteral(host: CanonicalHost): boolean {
  // INVARIANT: a canonical host is either bracketed IPv6, dotted-decimal IPv4, or a name whose
  // last label is not numeric (the URL parser turns a numeric last label into IPv4 or throws).
  return host.startsWith('[') || DOTTED_DECIMAL.test(host);
}
