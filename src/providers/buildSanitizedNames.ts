import type { Grant } from '../grant/types.js';
import { buildProviderNames } from './buildProviderNames.js';
import { toSanitizedToolName } from './toSanitizedToolName.js';

/** Every ref of a grant whose sanitized provider name is this one (one ref: unambiguous). */
export type SanitizedNames = ReadonlyMap<string, readonly string[]>;

/** Tables already built; a grant is deeply frozen, so its table never changes. */
const tables = new WeakMap<Grant, SanitizedNames>();

/**
 * Maps each sanitized provider name of a grant to the refs that sanitize to
 * it, in grant order. A name with two or more refs is ambiguous: a runtime
 * that sanitizes could have meant either, so `fromProviderCall` refuses it
 * rather than guess. Throws `ToolgateError` (`invalid_grant`) when two refs
 * share an exact provider name (as `buildProviderNames`).
 *
 * // grant [fs-read@1, web/fetch@1] => fs_read_v1 -> [fs-read@1], web__fetch_v1 -> [web/fetch@1]
 * // grant [fs-read@1, fs_read@1]   => fs_read_v1 -> [fs-read@1, fs_read@1] (ambiguous)
 */
export function buildSanitizedNames(grant: Grant): SanitizedNames {
  const known = tables.get(grant);
  if (known !== undefined) return known;
  const table = new Map<string, string[]>();
  for (const [ref, name] of buildProviderNames(grant).byRef) {
    const sanitized = toSanitizedToolName(name);
    const refs = table.get(sanitized);
    if (refs === undefined) table.set(sanitized, [ref]);
    else refs.push(ref);
  }
  for (const refs of table.values()) Object.freeze(refs);
  tables.set(grant, table);
  return table;
}
