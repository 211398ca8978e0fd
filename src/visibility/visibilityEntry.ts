/**
 * One entry of a visibility list, read the way the gate's `proposal.visible`
 * check reads it: `*`, a `prefix/*` pattern, or a literal name.
 */
export type VisibilityEntry =
  | { readonly kind: 'any' }
  | { readonly kind: 'prefix'; readonly entry: string; readonly prefix: string }
  | { readonly kind: 'name'; readonly entry: string };

/**
 * Reads one visibility entry.
 *
 * // *          => any
 * // slack/*    => prefix "slack/" (covers slack/search, slack/a/b)
 * // /*, a/     => name (the gate never reads these as patterns)
 */
export function readVisibilityEntry(entry: string): VisibilityEntry {
  if (entry === '*') return { kind: 'any' };
  // INVARIANT: the gate tries `name.slice(0, slash) + '/*'` only for slashes after a
  // non-empty, non-slash start, so `/*` or `//x/*` never match anything as patterns.
  if (entry.length > 2 && entry.endsWith('/*') && !entry.startsWith('/')) {
    return { kind: 'prefix', entry, prefix: entry.slice(0, -1) };
  }
  return { kind: 'name', entry };
}
