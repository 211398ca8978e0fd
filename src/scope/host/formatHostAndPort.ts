import type { CanonicalHost } from './types.js';

/**
 * Writes a canonical host and optional port the way messages and patterns show them.
 *
 * @param host A canonical host (IPv6 already in brackets).
 * @param port The port, or `undefined` for a bare host.
 * @returns `api.slack.com:443`, `[::1]:8080`, or `example.com` without a port.
 */
export function formatHostAndPort(host: CanonicalHost, port: number | undefined): string {
  return port === undefined ? host : `${host}:${port}`;
}
