import { entryText, meetVisibilityEntries } from '../visibility/meetVisibilityEntries.js';
import { readVisibilityEntry } from '../visibility/visibilityEntry.js';
import type { CoresourceTool } from './types.js';

/** What an explicit allowlist leaves of the derived tools. */
export interface Narrowed {
  /** The catalog entries the explicit list allows, in its order. */
  readonly catalog: readonly CoresourceTool[];
  /** The explicit entries, each narrowed to what the derived allowlist allows. */
  readonly allowlist: readonly string[];
  readonly omitted: readonly string[];
  readonly unmatched: readonly string[];
}

/**
 * Narrows the derived tools by an explicit allowlist: a tool stays exactly
 * when an explicit entry shows it (`github/*` shows `github/search`; an
 * explicit `github/search` narrows a derived `github/*` to that one tool).
 * The explicit list's order wins: it is the author's order of priority.
 *
 * // derived [file_read, file_write, understand_image], explicit [understand_image, file_read]
 * //   => catalog [understand_image, file_read], omitted [file_write]
 */
export function narrowToAllowlist(
  derived: readonly CoresourceTool[],
  catalog: readonly CoresourceTool[],
  explicit: readonly string[],
): Narrowed {
  const kept = new Map<string, CoresourceTool>();
  const allowlist = new Set<string>();
  const unmatched: string[] = [];
  for (const text of explicit) {
    const entry = readVisibilityEntry(text);
    let matched = false;
    for (const tool of catalog) {
      const meet = meetVisibilityEntries(entry, readVisibilityEntry(tool.name));
      if (meet === undefined) continue;
      matched = true;
      const name = entryText(meet);
      if (!kept.has(name)) kept.set(name, { ...tool, name });
    }
    for (const tool of derived) {
      const meet = meetVisibilityEntries(entry, readVisibilityEntry(tool.name));
      if (meet !== undefined) allowlist.add(entryText(meet));
    }
    if (!matched) unmatched.push(text);
  }
  const omitted = derived
    .filter(
      (tool) =>
        !explicit.some(
          (text) =>
            meetVisibilityEntries(readVisibilityEntry(text), readVisibilityEntry(tool.name)) !==
            undefined,
        ),
    )
    .map((tool) => tool.name);
  return { catalog: [...kept.values()], allowlist: [...allowlist], omitted, unmatched };
}
