import { readIpv4 } from './readIpv4.js';
import { readIpv6 } from './readIpv6.js';
import type { CanonicalHost } from './types.js';

/**
 * Reads a canonical host as an IP address, if it is one.
 *
 * // 10.0.0.1 => { version: 4, value: 167772161n }; [::1] => { version: 6, value: 1n }; example.com => undefined
 */
export function readIpAddress(
  host: CanonicalHost,
): { readonly version: 4 | 6; readonly value: bigint } | undefined {
  if (host.startsWith('[')) {
    const value = readIpv6(host);
    return value === undefined ? undefined : { version: 6, value };
  }
  const value = readIpv4(host);
  return value === undefined ? undefined : { version: 4, value: BigInt(value) };
}
