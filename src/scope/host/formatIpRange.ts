import { canonicalizeHost } from './canonicalizeHost.js';
import type { IpRange } from './types.js';

/**
 * Writes a range as a canonical CIDR pattern, with an optional port.
 *
 * // (10.0.0.0/8) => 10.0.0.0/8; (fd00::/8, 443) => [fd00::]/8:443
 */
export function formatIpRange(range: IpRange, port: number | undefined): string {
  let address: string;
  if (range.version === 4) {
    const value = Number(range.network);
    address = [24, 16, 8, 0].map((shift) => (value >>> shift) & 0xff).join('.');
  } else {
    const groups: string[] = [];
    for (let shift = 112n; shift >= 0n; shift -= 16n) {
      groups.push(((range.network >> shift) & 0xffffn).toString(16));
    }
    // [0:0:0:0:0:0:0:1] => [::1]: the URL parser writes the one canonical form
    const host = canonicalizeHost(`[${groups.join(':')}]`);
    // INVARIANT: eight hex groups always parse as IPv6.
    address = host.ok ? host.value : `[${groups.join(':')}]`;
  }
  return `${address}/${range.prefix}${port === undefined ? '' : `:${port}`}`;
}
