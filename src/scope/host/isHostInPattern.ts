import { embeddedIpv4Hosts } from './embeddedIpv4.js';
import { isAddressInRange } from './isAddressInRange.js';
import { isIpLiteral } from './isIpLiteral.js';
import { isPortCovered } from './isPortCovered.js';
import { isPrivateHost } from './isPrivateHost.js';
import { isStrictlyUnder } from './isStrictlyUnder.js';
import { readIpAddress } from './readIpAddress.js';
import type { CanonicalHost, HostPattern } from './types.js';

/**
 * Does one pattern cover host:port? As an allow entry (`deny` false), `*`
 * leaves out private hosts and a bare host (port undefined) passes only a
 * pattern without a port. As a deny entry, `*` takes every host and a
 * pattern with a port also takes the bare host, which may reach that port,
 * and an IPv6 literal embedding an IPv4 address it takes (SPEC §14.2).
 *
 * // (*, 10.0.0.1, 80, allow) => false; (*, 10.0.0.1, 80, deny) => true
 * // (a.com:22, a.com, undefined, allow) => false; (a.com:22, a.com, undefined, deny) => true
 * // (10.0.0.0/8, 10.1.2.3, 443) => true; (*.0.0.1, 10.0.0.1, 80) => false (a wildcard never covers an IP)
 * // (10.0.0.0/8, [::ffff:a01:203], 443, deny) => true; (10.0.0.0/8, [::ffff:a01:203], 443, allow) => false
 */
export function isHostInPattern(
  pattern: HostPattern,
  host: CanonicalHost,
  port: number | undefined,
  deny: boolean,
): boolean {
  if (pattern.kind === 'any') return deny || !isPrivateHost(host);
  if (!(isPortCovered(port, pattern.port) || (deny && port === undefined))) return false;
  return (
    isHostInPatternHost(pattern, host) ||
    (deny && embeddedIpv4Hosts(host).some((reading) => isHostInPatternHost(pattern, reading)))
  );
}

/** Does the pattern's host part (not `*`) name the host? */
function isHostInPatternHost(
  pattern: Exclude<HostPattern, { kind: 'any' }>,
  host: CanonicalHost,
): boolean {
  switch (pattern.kind) {
    case 'exact':
      return host === pattern.host;
    case 'wildcard':
      return !isIpLiteral(host) && isStrictlyUnder(host, pattern.suffix);
    case 'cidr': {
      const address = readIpAddress(host);
      return (
        address !== undefined && isAddressInRange(address.version, address.value, pattern.range)
      );
    }
  }
}
