import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * HMAC-SHA256 (RFC 2104, FIPS 198-1) of text (as UTF-8) under a key, as 64
 * lower-case hex digits, through `@noble/hashes`. The key is used as given:
 * checking its length is the caller's job.
 *
 * // (key 'key', 'The quick brown fox jumps over the lazy dog') => f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8
 */
export function hmacSha256Hex(key: Uint8Array, text: string): string {
  return bytesToHex(hmac(sha256, key, utf8ToBytes(text)));
}
