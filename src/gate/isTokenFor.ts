import { signApproval } from './signApproval.js';

/**
 * Is this token the approval of exactly this digest under this key? The
 * comparison takes the same time wherever the texts first differ, so timing
 * tells a caller nothing about the right token.
 *
 * // (key, digest, approveCall({ digest }, key)) => true
 * // (key, digest, token for another digest or key) => false
 */
export function isTokenFor(key: Uint8Array, digest: string, token: string): boolean {
  const expected = signApproval(key, digest);
  // The length of a token is public (prefix + 64 hex), so leaving early on it leaks nothing.
  if (token.length !== expected.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index++) {
    difference |= token.charCodeAt(index) ^ expected.charCodeAt(index);
  }
  return difference === 0;
}
