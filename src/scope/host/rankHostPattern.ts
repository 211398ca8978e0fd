import type { HostPattern } from './types.js';

/**
 * How specific is a pattern? Higher is narrower: an exact host over a
 * CIDR range or a wildcard over `*`; a deeper wildcard or a longer prefix
 * over a shallower one; a pattern with a port over the same pattern without
 * one. Used only to pick which of several matching patterns an explanation
 * names (a wildcard and a range never match the same host).
 *
 * // api.github.com:443 > api.github.com > *.api.github.com > *.github.com > *
 * // 10.0.0.1 > 10.1.0.0/16 > 10.0.0.0/8 > 0.0.0.0/0
 */
export function rankHostPattern(pattern: HostPattern): number {
  if (pattern.kind === 'any') return 0;
  const port = pattern.port === undefined ? 0 : 1;
  // Host names are at most 253 characters, so 2 × length + port never reaches the exact band;
  // prefixes are at most 128, so 2 × prefix + port stays inside 1–257 too.
  if (pattern.kind === 'wildcard') return 1 + pattern.suffix.length * 2 + port;
  if (pattern.kind === 'cidr') return 1 + pattern.range.prefix * 2 + port;
  return 1_000 + port;
}
