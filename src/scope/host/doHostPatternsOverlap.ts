import { doRangesOverlap } from './doRangesOverlap.js';
import { ipv6FormsOfRange } from './embeddedIpv4.js';
import { hasPublicHost } from './hasPublicHost.js';
import { isHostInPattern } from './isHostInPattern.js';
import { isIpLiteral } from './isIpLiteral.js';
import { isStrictlyUnder } from './isStrictlyUnder.js';
import { readIpAddress } from './readIpAddress.js';
import type { HostPattern, IpRange } from './types.js';

/**
 * Does a deny pattern take away any host:port that an allowed pattern (a
 * tool's own `network` entry) reaches? Used so that a tool whose declared
 * reach overlaps a deny entry is refused (SPEC §5 rev 2).
 *
 * // (*.slack.com, !files.slack.com) => true; (api.slack.com, !*.corp.example.com) => false
 * // (a.com, !a.com:22) => true (a.com reaches any port); (a.com:443, !a.com:22) => false
 * // (*, !10.0.0.0/8) => false (* reaches no private host); (*, !*.corp.example.com) => true
 * // ([::ffff:0:0]/96, !203.0.113.0/24) => true ([::ffff:203.0.113.5] connects to 203.0.113.5: SPEC §14.2)
 *
 * @param reach The allowed pattern (never a deny).
 * @param deny The deny entry's pattern.
 */
export function doHostPatternsOverlap(reach: HostPattern, deny: HostPattern): boolean {
  if (deny.kind === 'any') return true;
  if (reach.kind === 'any') return hasPublicHost(deny);
  if (reach.port !== undefined && deny.port !== undefined && reach.port !== deny.port) return false;
  switch (reach.kind) {
    case 'exact':
      // The reached host on the shared port (the ports differ in nothing, checked above): a deny
      // covers it exactly when it covers the host. A reach without a port may reach the deny's
      // port, and a deny reading takes a bare host for any port.
      return isHostInPattern(deny, reach.host, reach.port, true);
    case 'wildcard':
      if (deny.kind === 'exact') return isHostInPattern(reach, deny.host, reach.port, false);
      if (deny.kind === 'cidr') return false;
      // *.a.com and *.b.a.com share *.b.a.com; *.a.com and *.b.com share nothing
      return (
        !isIpLiteral(reach.suffix) &&
        (reach.suffix === deny.suffix ||
          isStrictlyUnder(reach.suffix, deny.suffix) ||
          isStrictlyUnder(deny.suffix, reach.suffix))
      );
    case 'cidr': {
      const denied = deny.kind === 'cidr' ? deny.range : addressRange(deny);
      if (denied === undefined) return false;
      return (
        doRangesOverlap(reach.range, denied) ||
        ipv6FormsOfRange(denied).some((form) => doRangesOverlap(reach.range, form))
      );
    }
  }
}

/** An exact host that is an IP address, as the range of that one address; a name has none. */
function addressRange(
  pattern: Extract<HostPattern, { kind: 'wildcard' | 'exact' }>,
): IpRange | undefined {
  if (pattern.kind !== 'exact') return undefined;
  const address = readIpAddress(pattern.host);
  if (address === undefined) return undefined;
  return {
    version: address.version,
    network: address.value,
    prefix: address.version === 4 ? 32 : 128,
  };
}
