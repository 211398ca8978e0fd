import { sha256Hex } from '../data/sha256Hex.js';

/** The longest name OpenAI and Anthropic accept (`^[a-zA-Z0-9_-]{1,64}$`). */
export const MAX_PROVIDER_NAME_LENGTH = 64;

/**
 * The name a provider sees for a toolgate ref. Provider name rules forbid
 * `/` and `@` (OpenAI and Anthropic: `^[a-zA-Z0-9_-]{1,64}$`; MCP clients
 * enforce the same), so `/` becomes `__` and `@VERSION` becomes `_vVERSION`.
 * A name longer than 64 characters keeps its first 55 and ends with `_` and
 * 8 hex digits of the ref's SHA-256. The mapping is readable, not
 * injective: `buildProviderNames` refuses two granted refs with one name,
 * and maps names back through that table.
 *
 * // slack/search@1 => slack__search_v1
 * // fs-read@1      => fs-read_v1
 */
export function toProviderToolName(ref: string): string {
  // INVARIANT: ref is a valid ref: name characters are letters, digits, "_", "-" and "/".
  const at = ref.lastIndexOf('@');
  const name = `${ref.slice(0, at).replaceAll('/', '__')}_v${ref.slice(at + 1)}`;
  if (name.length <= MAX_PROVIDER_NAME_LENGTH) return name;
  return `${name.slice(0, MAX_PROVIDER_NAME_LENGTH - 9)}_${sha256Hex(ref).slice(0, 8)}`;
}
