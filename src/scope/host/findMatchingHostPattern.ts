import { isHostInPattern } from './isHostInPattern.js';
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
 * // (10.0.0.1, 80, [*, 10.0.0.0/8])                        => 10.0.0.0/8 (* never a private host)
 */
export function findMatchingHostPattern(
  patterns: readonly HostPattern[],
  host: CanonicalHost,
  port: number | undefined,
): HostPattern | undefined {
  let best: HostPattern | undefined;
  for (const pattern of patterns) {
    if (!isHostInPattern(pattern, host, port, false)) continue;
    if (best === undefined || rankHostPattern(pattern) > rankHostPattern(best)) best = pattern;
  }
  return best;
}
