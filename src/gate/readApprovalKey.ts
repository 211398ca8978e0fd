import { ToolgateError } from '../errors/ToolgateError.js';

/** The fewest bytes a `Uint8Array` approval key may have (SPEC §13). */
export const MIN_KEY_BYTES = 16;

/**
 * Reads an approval key (SPEC §13 rev 2): a non-empty string, taken as its
 * UTF-8 bytes, or a `Uint8Array` of at least 16 bytes, copied so a caller
 * changing the array later changes nothing. Throws `ToolgateError`
 * (`invalid_option`) naming `where` otherwise.
 *
 * // 'a long random secret' => its UTF-8 bytes
 * // new Uint8Array(8)      => throws: at least 16 bytes
 */
export function readApprovalKey(key: unknown, where: string): Uint8Array {
  if (typeof key === 'string' && key !== '') return new TextEncoder().encode(key);
  if (key instanceof Uint8Array && key.length >= MIN_KEY_BYTES) return Uint8Array.from(key);
  const what =
    key instanceof Uint8Array
      ? `a Uint8Array of ${key.length} bytes`
      : typeof key === 'string'
        ? 'an empty string'
        : typeof key;
  throw new ToolgateError(
    'invalid_option',
    `${where} must be a non-empty string or a Uint8Array of at least ${MIN_KEY_BYTES} bytes, not ${what}; use a random secret the model never sees, such as crypto.getRandomValues(new Uint8Array(32))`,
  );
}
