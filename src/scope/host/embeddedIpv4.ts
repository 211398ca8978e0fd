import { formatIpRange } from './formatIpRange.js';
import { readIpv6 } from './readIpv6.js';
import type { CanonicalHost, IpRange } from './types.js';

/**
 * The top 96 bits of the IPv6 ranges that carry an IPv4 address in their
 * last 32 bits (SPEC §14.2): `::/96` (IPv4-compatible), `::ffff:0:0/96`
 * (IPv4-mapped) and `64:ff9b::/96` (NAT64, RFC 6052).
 */
export const IPV4_EMBEDDING_PREFIXES: readonly bigint[] = /* @__PURE__ */ Object.freeze([
  0n,
  0xffffn,
  0x64ff9b0000000000000000n,
]);

/**
 * `64:ff9b:1::/48`, the local-use NAT64 prefix (RFC 8215). The network picks
 * the prefix length (48, 56, 64 or 96), and with it where the IPv4 address
 * sits (RFC 6052 §2.2), so an address in it is read at every position.
 */
export const LOCAL_NAT64: IpRange = /* @__PURE__ */ Object.freeze({
  version: 6,
  network: 0x64ff9b0001n << 80n,
  prefix: 48,
});

const LOW_32 = 0xffffffffn;
const NO_READINGS: readonly CanonicalHost[] = /* @__PURE__ */ Object.freeze([]);

/**
 * The IPv4 addresses an IPv6 address may connect to (SPEC §14.2): the last
 * 32 bits under `::ffff:0:0/96`, `64:ff9b::/96` and `::/96` (but `::` and
 * `::1`, which are IPv6's own), and each RFC 6052 reading under
 * `64:ff9b:1::/48`. None for any other address.
 *
 * // ::ffff:cb00:7105 => [203.0.113.5]; 64:ff9b::cb00:7105 => [203.0.113.5]; ::1 => []; 2001:db8::1 => []
 */
export function embeddedIpv4Values(value: bigint): readonly number[] {
  const top96 = value >> 32n;
  if (IPV4_EMBEDDING_PREFIXES.includes(top96)) {
    return top96 === 0n && value <= 1n ? [] : [Number(value & LOW_32)];
  }
  if (value >> 80n !== LOCAL_NAT64.network >> 80n) return [];
  // RFC 6052 §2.2: bits 64–71 (the u octet) are never part of the IPv4 address.
  const readings = [
    // /48: bits 48–63 and 72–87
    (((value >> 64n) & 0xffffn) << 16n) | ((value >> 40n) & 0xffffn),
    // /56: bits 56–63 and 72–95
    (((value >> 64n) & 0xffn) << 24n) | ((value >> 32n) & 0xffffffn),
    // /64: bits 72–103
    (value >> 24n) & LOW_32,
    // /96: bits 96–127
    value & LOW_32,
  ];
  return [...new Set(readings.map(Number))];
}

/**
 * The IPv4 hosts an IPv6 literal host embeds, as canonical dotted hosts;
 * none for a name, an IPv4 host or an IPv6 address that embeds nothing.
 *
 * // [::ffff:cb00:7105] => [203.0.113.5]; [64:ff9b::a00:1] => [10.0.0.1]; example.com, [::1] => []
 */
export function embeddedIpv4Hosts(host: CanonicalHost): readonly CanonicalHost[] {
  if (host.charCodeAt(0) !== 0x5b) return NO_READINGS;
  const value = readIpv6(host);
  if (value === undefined) return NO_READINGS;
  const readings = embeddedIpv4Values(value);
  if (readings.length === 0) return NO_READINGS;
  return readings.map((reading) => {
    const text = formatIpRange({ version: 4, network: BigInt(reading), prefix: 32 }, undefined);
    // INVARIANT: formatIpRange writes a dotted IPv4 address, the canonical form, then /32.
    return text.slice(0, -3) as CanonicalHost;
  });
}

/**
 * The IPv6 ranges whose addresses embed an IPv4 address of the range: one
 * per /96 embedding, and all of `64:ff9b:1::/48` (where a reading may land
 * anywhere). For deciding whether an IPv6 range shares hosts with an IPv4 deny entry.
 *
 * // 10.0.0.0/8 => [::a00:0]/104, [::ffff:a00:0]/104, [64:ff9b::a00:0]/104, [64:ff9b:1::]/48
 */
export function ipv6FormsOfRange(range: IpRange): readonly IpRange[] {
  if (range.version !== 4) return [];
  return [
    ...IPV4_EMBEDDING_PREFIXES.map((top) => ({
      version: 6 as const,
      network: (top << 32n) | range.network,
      prefix: 96 + range.prefix,
    })),
    LOCAL_NAT64,
  ];
}
