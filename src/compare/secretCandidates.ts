import type { Grant } from '../grant/types.js';
import { isSecretName } from '../scope/secret/isSecretName.js';

/** The characters of a secret name (SPEC §6.3), in the order extensions are tried. */
const ALPHABET = 'xXyY0_.-abcdefghijklmnopqrstuvwzABCDEFGHIJKLMNOPQRSTUVWZ123456789';
const MAX_NAME = 128;

/**
 * Secret names worth asking about when comparing two grants. A name's fate
 * depends only on which literals (exact names, and the prefixes of `P*`
 * entries, `*` being the empty prefix) of either grant equal it or begin
 * it; the longest literal that begins it decides its class. So each
 * literal, and each literal extended by one character that no literal
 * continues with, stand for every name.
 *
 * // ['AWS_*', '!AWS_SECRET'] vs ['AWS_*'] => AWS_, AWS_x, AWS_SECRET, AWS_SECRETx, …
 */
export function secretCandidates(before: Grant, after: Grant): string[] {
  const literals = new Set<string>();
  for (const entry of [...before.secrets, ...after.secrets]) {
    const text = entry.startsWith('!') ? entry.slice(1) : entry;
    literals.add(text.endsWith('*') ? text.slice(0, -1) : text);
  }
  const all = [...literals];
  const candidates = new Set<string>();
  for (const literal of all) {
    if (isSecretName(literal)) candidates.add(literal);
    if (literal.length >= MAX_NAME) continue;
    for (const char of ALPHABET) {
      const name = literal + char;
      // The first extension no other literal starts with: its class is "longer than literal".
      if (!all.some((other) => other.startsWith(name))) {
        candidates.add(name);
        break;
      }
    }
  }
  // Shortest first: the witness reported for an entry is the plainest one.
  return [...candidates].sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
}
