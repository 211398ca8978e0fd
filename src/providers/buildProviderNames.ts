import { throwIfProblems } from '../errors/ToolgateError.js';
import type { Grant } from '../grant/types.js';
import { toProviderToolName } from './toProviderToolName.js';
import { splitToolEntry } from '../grant/splitToolEntry.js';

/** A grant's refs and their provider names, both ways. */
export interface ProviderNames {
  readonly byRef: ReadonlyMap<string, string>;
  readonly byName: ReadonlyMap<string, string>;
}

/** Tables already built; a grant is deeply frozen, so its table never changes. */
const tables = new WeakMap<Grant, ProviderNames>();

/**
 * Maps every ref of a grant to its provider name and back. Throws
 * `ToolgateError` (`invalid_grant`) naming every pair of refs that would
 * share a provider name: a provider could not tell them apart, so a call to
 * one could run the other.
 *
 * // grant [slack/search@1, fs-read@1] => slack__search_v1 <-> slack/search@1, fs-read_v1 <-> fs-read@1
 * // grant [a/b@1, a__b@1]             => throws: both map to a__b_v1
 */
export function buildProviderNames(grant: Grant): ProviderNames {
  const known = tables.get(grant);
  if (known !== undefined) return known;
  const byRef = new Map<string, string>();
  const byName = new Map<string, string>();
  const problems: string[] = [];
  for (const written of grant.tools) {
    const { ref } = splitToolEntry(written);
    const name = toProviderToolName(ref);
    const taken = byName.get(name);
    if (taken !== undefined) {
      problems.push(
        `${taken} and ${ref} both map to the provider tool name "${name}"; grant only one of them, or rename one of the tools`,
      );
      continue;
    }
    byRef.set(ref, name);
    byName.set(name, ref);
  }
  throwIfProblems('invalid_grant', 'the grant, as provider tool names,', problems);
  const table = Object.freeze({ byRef, byName });
  tables.set(grant, table);
  return table;
}
