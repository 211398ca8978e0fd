import type { VisibilityEntry } from './visibilityEntry.js';

/**
 * Which single entry shows exactly the names both entries show, if any?
 * Names under prefixes form a tree, so the meet of two entries is always one
 * of them (or nothing): the intersection is exact, never approximated.
 *
 * // (*, slack/search)          => slack/search
 * // (slack/*, slack/search)    => slack/search
 * // (a/*, a/b/*)               => a/b/*
 * // (a/*, b/*), (a, b)         => undefined
 */
export function meetVisibilityEntries(
  x: VisibilityEntry,
  y: VisibilityEntry,
): VisibilityEntry | undefined {
  if (x.kind === 'any') return y;
  if (y.kind === 'any') return x;
  if (x.kind === 'name' && y.kind === 'name') return x.entry === y.entry ? x : undefined;
  if (x.kind === 'name') return y.kind === 'prefix' && x.entry.startsWith(y.prefix) ? x : undefined;
  if (y.kind === 'name') return y.entry.startsWith(x.prefix) ? y : undefined;
  // a/b/ starts with a/ => a/b/* is the deeper, narrower pattern
  if (x.prefix.startsWith(y.prefix)) return x;
  return y.prefix.startsWith(x.prefix) ? y : undefined;
}

/** Does entry `outer` show every name entry `inner` shows? */
export function coversVisibilityEntry(outer: VisibilityEntry, inner: VisibilityEntry): boolean {
  const meet = meetVisibilityEntries(outer, inner);
  return meet !== undefined && entryText(meet) === entryText(inner);
}

/** The written form of an entry. */
export function entryText(entry: VisibilityEntry): string {
  return entry.kind === 'any' ? '*' : entry.entry;
}
