import { isLocalhostName } from './isLocalhostName.js';
import { isPrivateHost } from './isPrivateHost.js';
import { PRIVATE_RANGES } from './privateRanges.js';
import { subtractRanges } from './subtractRanges.js';
import type { HostPattern } from './types.js';

/**
 * Does the pattern name at least one public host, one that `*` also allows?
 * A range made only of private ranges (`224.0.0.0/3` is 224/4 and 240/4) has none.
 *
 * // *, example.com, 0.0.0.0/0, [::]/0 => true
 * // localhost, 10.0.0.0/8, 224.0.0.0/3, [fe80::]/10 => false
 */
export function hasPublicHost(pattern: HostPattern): boolean {
  switch (pattern.kind) {
    case 'any':
      return true;
    case 'exact':
      return !isPrivateHost(pattern.host);
    case 'wildcard':
      return !isLocalhostName(pattern.suffix);
    case 'cidr':
      return subtractRanges(pattern.range, PRIVATE_RANGES).length > 0;
  }
}
