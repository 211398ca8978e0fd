import { formatIpRange } from '../scope/host/formatIpRange.js';
import { formatHostAndPort, isHostPatternInside, type HostPattern } from '../scope/host/index.js';
import { isPatternPublic } from '../scope/host/isPatternPublic.js';
import { PRIVATE_RANGES } from '../scope/host/privateRanges.js';
import { subtractRanges } from '../scope/host/subtractRanges.js';

/**
 * Which host patterns allow exactly the host:port pairs both allow? Hosts
 * form a tree (an exact host, every strict subdomain of a domain, or an
 * aligned range of addresses), and a port is either any or one, so the meet
 * is exact: the narrower host part with the narrower port. `*` allows only
 * public hosts (SPEC §6.2 rev 2), so its meet with a pattern naming private
 * hosts keeps only the public ones: a range loses its private sub-ranges,
 * split into aligned ranges. Returned as canonical written patterns.
 *
 * // (*, api.slack.com:443)            => [api.slack.com:443]
 * // (*, 127.0.0.1)                    => []
 * // (*, 10.0.0.0/7)                  => [11.0.0.0/8] (10/8 is private)
 * // (*.slack.com:443, api.slack.com)  => [api.slack.com:443]
 * // (*.slack.com, *.eu.slack.com)     => [*.eu.slack.com]
 * // (10.0.0.0/8, 10.1.0.0/16:5432)    => [10.1.0.0/16:5432]
 * // (slack.com, *.slack.com)          => [] (a wildcard leaves out the apex)
 * // (a.com:443, a.com:8443)           => []
 */
export function meetHostPatterns(x: HostPattern, y: HostPattern): string[] {
  if (x.kind === 'any') return publicPart(y);
  if (y.kind === 'any') return publicPart(x);
  if (x.port !== undefined && y.port !== undefined && x.port !== y.port) return [];
  const port = x.port ?? y.port;
  const host = isHostPatternInside(anyPort(x), anyPort(y))
    ? x
    : isHostPatternInside(anyPort(y), anyPort(x))
      ? y
      : undefined;
  return host === undefined ? [] : [withPort(host, port)];
}

/** The part of a pattern that `*` also allows: all of it, none, or a range's public sub-ranges. */
function publicPart(pattern: HostPattern): string[] {
  if (isPatternPublic(pattern)) return [pattern.text];
  if (pattern.kind !== 'cidr') return [];
  return subtractRanges(pattern.range, PRIVATE_RANGES).map((range) =>
    formatIpRange(range, pattern.port),
  );
}

/** The same host part on any port, so only the hosts are compared. */
function anyPort(pattern: Exclude<HostPattern, { kind: 'any' }>): HostPattern {
  return { ...pattern, port: undefined };
}

/** The pattern's host part with the given port, written canonically. */
function withPort(
  pattern: Exclude<HostPattern, { kind: 'any' }>,
  port: number | undefined,
): string {
  if (pattern.kind === 'exact') return formatHostAndPort(pattern.host, port);
  if (pattern.kind === 'wildcard') return `*.${formatHostAndPort(pattern.suffix, port)}`;
  return formatIpRange(pattern.range, port);
}
