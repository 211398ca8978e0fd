import { canonicalJson } from '../data/canonicalJson.js';
import { hasOwn } from '../data/hasOwn.js';
import { sha256Hex } from '../data/sha256Hex.js';
import type { ToolEntry } from './types.js';
import { DEFINITION_KEYS } from './validateDefinition.js';

/** Digests already computed; registry entries are deeply frozen, so an entry's digest never changes. */
const digests = new WeakMap<ToolEntry, string>();

/**
 * The digest of a tool's definition as registered (SPEC §13): `sha256:` and
 * 64 lower-case hex digits of the SHA-256 of the RFC 8785 canonical JSON of
 * its definition keys (name, version, kind, description, inputSchema,
 * shapes, network, secrets, resources, example), with the defaults the
 * registry filled in. Registry flags (`builtIn`, `grantable`) and the
 * derived `ref` are left out: one tool has one digest in every registry.
 * Computed once per entry.
 *
 * // fs-read@1 in a 'self-run' and in a 'managed' registry => the same sha256:<64 hex digits>
 */
export function toolDigest(entry: ToolEntry): string {
  let digest = digests.get(entry);
  if (digest === undefined) {
    const definition: Record<string, unknown> = {};
    for (const key of DEFINITION_KEYS) {
      if (hasOwn(entry, key)) definition[key] = (entry as unknown as Record<string, unknown>)[key];
    }
    digest = `sha256:${sha256Hex(canonicalJson(definition))}`;
    digests.set(entry, digest);
  }
  return digest;
}
