import { IPV4_EMBEDDING_PREFIXES, LOCAL_NAT64 } from './embeddedIpv4.js';
import type { IpRange } from './types.js';

/**
 * The private IPv4 ranges of SPEC §13 as (first address, prefix length):
 * this network, private, shared (CGNAT), loopback, link-local, private,
 * IETF protocol assignments, private, benchmarking, multicast, reserved
 * (with the broadcast address).
 */
export const PRIVATE_IPV4: readonly (readonly [network: number, prefix: number])[] = [
  [0x00000000, 8], // 0.0.0.0/8
  [0x0a000000, 8], // 10.0.0.0/8
  [0x64400000, 10], // 100.64.0.0/10
  [0x7f000000, 8], // 127.0.0.0/8
  [0xa9fe0000, 16], // 169.254.0.0/16
  [0xac100000, 12], // 172.16.0.0/12
  [0xc0000000, 24], // 192.0.0.0/24
  [0xc0a80000, 16], // 192.168.0.0/16
  [0xc6120000, 15], // 198.18.0.0/15
  [0xe0000000, 4], // 224.0.0.0/4
  [0xf0000000, 4], // 240.0.0.0/4, 255.255.255.255 included
];

/**
 * The IPv6 ranges of SPEC §13 that hold no IPv4 address: fc00::/7, fe80::/10,
 * ff00::/8. (`::` and `::1` lie in `::/104`, the IPv4-compatible form of 0.0.0.0/8.)
 */
const PRIVATE_IPV6_OWN: readonly (readonly [network: bigint, prefix: number])[] = [
  [0xfcn << 120n, 7],
  [0xfe80n << 112n, 10],
  [0xffn << 120n, 8],
];

/**
 * Every private range as an `IpRange`, the IPv6 forms of private IPv4
 * included (`::ffff:10.0.0.0/104`, `64:ff9b::10.0.0.0/104`, `::10.0.0.0/104`;
 * SPEC §14.2), and all of `64:ff9b:1::/48`, where the IPv4 address may sit
 * at any of four positions. The ranges do not overlap.
 */
// Built in a pure function call: bundlers may drop it when nothing reads it.
export const PRIVATE_RANGES: readonly IpRange[] = /* @__PURE__ */ (() =>
  Object.freeze(
    [
      ...PRIVATE_IPV4.map(([network, prefix]) => ({
        version: 4 as const,
        network: BigInt(network),
        prefix,
      })),
      ...PRIVATE_IPV6_OWN.map(([network, prefix]) => ({ version: 6 as const, network, prefix })),
      ...IPV4_EMBEDDING_PREFIXES.flatMap((top) =>
        PRIVATE_IPV4.map(([network, prefix]) => ({
          version: 6 as const,
          network: (top << 32n) | BigInt(network),
          prefix: 96 + prefix,
        })),
      ),
      LOCAL_NAT64,
    ].map((range) => Object.freeze(range)),
  ))();
