import type { IpRange } from './types.js';

/**
 * Is the address inside the range? Families never mix: an IPv4-mapped IPv6
 * address is not inside an IPv4 range (SPEC §6.2).
 *
 * // (4, 10.1.2.3, 10.0.0.0/8) => true; (4, 11.0.0.0, 10.0.0.0/8) => false; (6, ::ffff:a01:203, 10.0.0.0/8) => false
 */
export function isAddressInRange(version: 4 | 6, value: bigint, range: IpRange): boolean {
  if (version !== range.version) return false;
  const free = BigInt((version === 4 ? 32 : 128) - range.prefix);
  return value >> free === range.network >> free;
}
