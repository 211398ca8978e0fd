import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Hashes text (as UTF-8) with SHA-256 (FIPS 180-4) and returns the digest as
 * 64 lower-case hex digits. Through `@noble/hashes` (audited, pure
 * JavaScript, synchronous): the core uses no `node:crypto`, so it runs
 * wherever JavaScript does.
 *
 * // ''    => e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
 * // 'abc' => ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
 */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
