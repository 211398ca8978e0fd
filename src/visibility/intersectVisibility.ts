import type { Visibility } from './types.js';
import {
  coversVisibilityEntry,
  entryText,
  meetVisibilityEntries,
} from './meetVisibilityEntries.js';
import { readVisibilityEntry, type VisibilityEntry } from './visibilityEntry.js';

/**
 * Which tool names do both visibility lists show? The answer is exact (a
 * name is shown by the result exactly when both lists show it), canonical
 * (sorted, without an entry another entry covers) and so commutative.
 * `undefined` stands for "no list": every name.
 *
 * // (['slack/*', 'fs-read'], ['slack/search', 'fs-read', 'x']) => ['fs-read', 'slack/search']
 * // (['a/*'], ['a/b/*'])                                      => ['a/b/*']
 * // (undefined, ['x'])                                        => ['x']
 * // (undefined, undefined)                                    => ['*']
 */
export function intersectVisibility(
  parent: Visibility | undefined,
  child: Visibility | undefined,
): readonly string[] {
  const left = readEntries(parent);
  const right = readEntries(child);
  const meets: VisibilityEntry[] = [];
  for (const x of left) {
    for (const y of right) {
      const meet = meetVisibilityEntries(x, y);
      if (meet !== undefined) meets.push(meet);
    }
  }
  return Object.freeze(minimizeVisibility(meets));
}

/**
 * Drops entries another entry covers and sorts the rest, so two lists that
 * show the same names come out equal.
 *
 * // ['b', 'a/x', 'a/*', 'a/*'] => ['a/*', 'b']
 */
export function minimizeVisibility(entries: readonly VisibilityEntry[]): string[] {
  const unique = [...new Map(entries.map((entry) => [entryText(entry), entry])).values()];
  const kept = unique.filter(
    (entry) => !unique.some((other) => other !== entry && coversVisibilityEntry(other, entry)),
  );
  return kept.map(entryText).sort();
}

function readEntries(visible: Visibility | undefined): VisibilityEntry[] {
  if (visible === undefined) return [{ kind: 'any' }];
  return [...visible].map(readVisibilityEntry);
}
