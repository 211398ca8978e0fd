import { embeddedIpv4Values, LOCAL_NAT64 } from './embeddedIpv4.js';
import { PRIVATE_IPV4 } from './privateRanges.js';
import { readIpv4 } from './readIpv4.js';
import { readIpv6 } from './readIpv6.js';
import type { CanonicalHost } from './types.js';

/**
 * Is the canonical host one that `*` never implies (SPEC §6.2 rev 2, §13)?
 * `localhost` and names under `.localhost`; loopback, private, shared,
 * link-local, unspecified, multicast, reserved and broadcast IPv4; `::`,
 * `::1`, unique-local, link-local and multicast IPv6; an IPv6 address that
 * embeds a private IPv4 address (mapped, compatible, NAT64: SPEC §14.2); and
 * all of `64:ff9b:1::/48`, whose IPv4 address toolgate cannot place.
 *
 * // localhost, a.localhost, 10.0.0.1, 169.254.169.254, [::1], [fd00::1], [::ffff:7f00:1], [64:ff9b::a00:1], [::a00:1], [64:ff9b:1::808:808] => true
 * // example.com, 8.8.8.8, [2001:db8::1], [::ffff:808:808], localhost.example.com => false
 */
export function isPrivateHost(host: CanonicalHost): boolean {
  const first = host.charCodeAt(0);
  if (first === 0x5b) {
    const value = readIpv6(host);
    // INVARIANT: a canonical host starting with "[" is IPv6; one that does not read is refused as private.
    return value === undefined || isPrivateIpv6(value);
  }
  const last = host.charCodeAt(host.length - 1);
  if (last >= 0x30 && last <= 0x39) {
    // INVARIANT: a canonical host whose last label is a number is IPv4 (the URL parser saw to it)
    const value = readIpv4(host);
    if (value !== undefined) return isPrivateIpv4(value);
  }
  return host === 'localhost' || host.endsWith('.localhost');
}

/** Is the 32-bit address in a private IPv4 range? Every prefix is 4 or more, so no shift is 32. */
function isPrivateIpv4(value: number): boolean {
  for (const [network, prefix] of PRIVATE_IPV4) {
    if ((value ^ network) >>> (32 - prefix) === 0) return true;
  }
  return false;
}

/** Is the 128-bit address ::, ::1, in fc00::/7, fe80::/10, ff00::/8 or 64:ff9b:1::/48, or an embedded private IPv4? */
function isPrivateIpv6(value: bigint): boolean {
  if (value === 0n || value === 1n) return true;
  const top8 = value >> 120n;
  // fc00::/7 => top 8 bits fc or fd; ff00::/8; fe80::/10 => top 10 bits 0x3fa
  if (top8 === 0xfcn || top8 === 0xfdn || top8 === 0xffn || value >> 118n === 0x3fan) return true;
  if (value >> 80n === LOCAL_NAT64.network >> 80n) return true;
  return embeddedIpv4Values(value).some(isPrivateIpv4);
}
