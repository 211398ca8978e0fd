import { formatHostAndPort, isHostPatternInside, type HostPattern } from '../scope/host/index.js';

/**
 * Which host pattern allows exactly the host:port pairs both allow? Hosts
 * form a tree (an exact host, or every strict subdomain of a domain), and a
 * port is either any or one, so the meet is exact: the narrower host part
 * with the narrower port. Returned as the canonical written pattern.
 *
 * // (*, api.slack.com:443)            => api.slack.com:443
 * // (*.slack.com:443, api.slack.com)  => api.slack.com:443
 * // (*.slack.com, *.eu.slack.com)     => *.eu.slack.com
 * // (slack.com, *.slack.com)          => undefined (a wildcard leaves out the apex)
 * // (a.com:443, a.com:8443)           => undefined
 */
export function meetHostPatterns(x: HostPattern, y: HostPattern): string | undefined {
  if (x.kind === 'any') return y.text;
  if (y.kind === 'any') return x.text;
  if (x.port !== undefined && y.port !== undefined && x.port !== y.port) return undefined;
  const port = x.port ?? y.port;
  const host = isHostPatternInside(anyPort(x), anyPort(y))
    ? x
    : isHostPatternInside(anyPort(y), anyPort(x))
      ? y
      : undefined;
  if (host === undefined) return undefined;
  return host.kind === 'exact'
    ? formatHostAndPort(host.host, port)
    : `*.${formatHostAndPort(host.suffix, port)}`;
}

/** The same host part on any port, so only the hosts are compared. */
function anyPort(pattern: Exclude<HostPattern, { kind: 'any' }>): HostPattern {
  return { ...pattern, port: undefined };
}
