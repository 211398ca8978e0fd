import { doRangesOverlap } from './doRangesOverlap.js';
import { hasPublicHost } from './hasPublicHost.js';
import { isHostInPattern } from './isHostInPattern.js';
import { isIpLiteral } from './isIpLiteral.js';
import { isStrictlyUnder } from './isStrictlyUnder.js';
import type { HostPattern } from './types.js';

/**
 * Does a deny pattern take away any host:port that an allowed pattern (a
 * tool's own `network` entry) reaches? Used so that a tool whose declared
 * reach overlaps a deny entry is refused (SPEC §5 rev 2).
 *
 * // (*.slack.com, !files.slack.com) => true; (api.slack.com, !*.corp.example.com) => false
 * // (a.com, !a.com:22) => true (a.com reaches any port); (a.com:443, !a.com:22) => false
 * // (*, !10.0.0.0/8) => false (* reaches no private host); (*, !*.corp.example.com) => true
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
      // the reached host on the shared port: a deny covers it exactly when it covers the host
      return isHostInPattern(deny, reach.host, deny.port ?? reach.port, true);
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
    case 'cidr':
      if (deny.kind === 'exact') return isHostInPattern(reach, deny.host, reach.port, false);
      return deny.kind === 'cidr' && doRangesOverlap(reach.range, deny.range);
  }
}
