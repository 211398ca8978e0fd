import { canonicalJson } from '../data/canonicalJson.js';
import { sha256Hex } from '../data/sha256Hex.js';
import type { ToolEntry } from '../registry/types.js';

/** Digests already computed; registry entries are frozen, so an entry's digest never changes. */
const digests = new WeakMap<ToolEntry, string>();

/**
 * The stable digest of a tool's definition: `sha256:` and the SHA-256 of
 * the entry's canonical JSON (keys sorted). The same definition gives the
 * same digest in any process, whatever order its keys were written in; any
 * change to it (description, schema, resources, grantable…) gives another.
 *
 * // fs-read@1 as built in => sha256:<64 hex digits>
 */
export function digestToolEntry(entry: ToolEntry): string {
  let digest = digests.get(entry);
  if (digest === undefined) {
    digest = `sha256:${sha256Hex(canonicalJson(entry))}`;
    digests.set(entry, digest);
  }
  return digest;
}
