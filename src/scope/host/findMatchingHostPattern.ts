import { isIpLiteral } from './isIpLiteral.js';
import { isPortCovered } from './isPortCovered.js';
import { isStrictlyUnder } from './isStrictlyUnder.js';
import { rankHostPattern } from './rankHostPattern.js';
import type { CanonicalHost, HostPattern } from './types.js';

/**
 * Which pattern lets this host:port through? The most specific one that
 * does (see `rankHostPattern`; the first of equals), or `undefined` when
 * none does. The rule is `compileHostMatcher`'s `matches`, pattern by
 * pattern, so an explanation can name the entry that allowed a call.
 *
 * // (api.github.com, 443, [*.github.com, api.github.com]) => api.github.com
 * // (github.com, 443, [*.github.com])                     => undefined (not the apex)
 * // (10.0.0.1, 80, [*.0.0.1])                             => undefined (never an IP)
 */
export function findMatchingHostPattern(
  patterns: readonly HostPattern[],
  host: CanonicalHost,
  port: number | undefined,
): HostPattern | undefined {
  let best: HostPattern | undefined;
  for (const pattern of patterns) {
    if (!matches(pattern, host, port)) continue;
    if (best === undefined || rankHostPattern(pattern) > rankHostPattern(best)) best = pattern;
  }
  return best;
}

function matches(pattern: HostPattern, host: CanonicalHost, port: number | undefined): boolean {
  if (pattern.kind === 'any') return true;
  // a bare host (port undefined) passes only a pattern without a port
  if (!isPortCovered(port, pattern.port)) return false;
  if (pattern.kind === 'exact') return host === pattern.host;
  // *.example.com => any deeper name, never the apex, never an IP address
  return !isIpLiteral(host) && isStrictlyUnder(host, pattern.suffix);
}
