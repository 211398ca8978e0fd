import { hmacSha256Hex } from '../data/hmacSha256Hex.js';

/** The prefix of every approval token. */
export const TOKEN_PREFIX = 'hmac-sha256:';

/**
 * The approval token for a digest under a key (SPEC §13 rev 2):
 * `hmac-sha256:` + hex HMAC-SHA256(key, the digest string as UTF-8).
 *
 * // (key, 'sha256:ab…') => 'hmac-sha256:<64 hex digits>'
 */
export function signApproval(key: Uint8Array, digest: string): string {
  return `${TOKEN_PREFIX}${hmacSha256Hex(key, digest)}`;
}
