import type { HostPattern } from './types.js';

/**
 * How specific is a pattern? Higher is narrower: an exact host over a
 * wildcard over `*`; a deeper wildcard over a shallower one; a pattern with
 * a port over the same pattern without one. Used only to pick which of
 * several matching patterns an explanation names.
 *
 * // api.github.com:443 > api.github.com > *.api.github.com > *.github.com > *
 */
export function rankHostPattern(pattern: HostPattern): number {
  if (pattern.kind === 'any') return 0;
  const port = pattern.port === undefined ? 0 : 1;
  // Host names are at most 253 characters, so 2 × length + port never reaches the exact band.
  if (pattern.kind === 'wildcard') return 1 + pattern.suffix.length * 2 + port;
  return 1_000 + port;
}
