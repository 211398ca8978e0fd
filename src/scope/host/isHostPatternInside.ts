import { isAddressInRange } from './isAddressInRange.js';
import { isIpLiteral } from './isIpLiteral.js';
import { isPatternPublic } from './isPatternPublic.js';
import { isPortCovered } from './isPortCovered.js';
import { isRangeInside } from './isRangeInside.js';
import { isStrictlyUnder } from './isStrictlyUnder.js';
import { readIpAddress } from './readIpAddress.js';
import type { HostPattern } from './types.js';

/**
 * Is every host:port the inner pattern allows also allowed by the outer pattern?
 *
 * @param inner The pattern that must fit, e.g. a tool's own `network` entry.
 * @param outer The pattern it must fit in, e.g. a grant's `network` entry.
 * @returns `true` for (`*.slack.com`, `*.slack.com`), (`api.slack.com:443`, `api.slack.com`) or
 *   (`10.1.0.0/16`, `10.0.0.0/8`); `false` for (`*.slack.com`, `api.slack.com`),
 *   (`api.slack.com`, `api.slack.com:443`) or (`127.0.0.1`, `*`): `*` never implies a private host.
 */
export function isHostPatternInside(inner: HostPattern, outer: HostPattern): boolean {
  if (outer.kind === 'any') return isPatternPublic(inner);
  // * => inside only *
  if (inner.kind === 'any') return false;
  // api.slack.com (any port) => not inside api.slack.com:443
  if (!isPortCovered(inner.port, outer.port)) return false;
  switch (outer.kind) {
    case 'exact':
      // api.slack.com => inside api.slack.com only; 10.0.0.1/32 => inside 10.0.0.1
      if (inner.kind === 'cidr') {
        const address = readIpAddress(outer.host);
        const width = inner.range.version === 4 ? 32 : 128;
        return (
          address !== undefined &&
          inner.range.prefix === width &&
          isAddressInRange(address.version, address.value, inner.range)
        );
      }
      return inner.kind === 'exact' && inner.host === outer.host;
    case 'wildcard': {
      if (inner.kind === 'cidr') return false;
      const name = inner.kind === 'exact' ? inner.host : inner.suffix;
      // a wildcard never covers an IP address
      if (isIpLiteral(name)) return false;
      // api.slack.com, *.slack.com, *.a.slack.com => inside *.slack.com; slack.com => not inside
      return (
        (inner.kind === 'wildcard' && name === outer.suffix) || isStrictlyUnder(name, outer.suffix)
      );
    }
    case 'cidr': {
      if (inner.kind === 'cidr') return isRangeInside(inner.range, outer.range);
      if (inner.kind === 'wildcard') return false;
      const address = readIpAddress(inner.host);
      return address !== undefined && isAddressInRange(address.version, address.value, outer.range);
    }
  }
}
