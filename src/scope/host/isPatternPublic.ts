import { doRangesOverlap } from './doRangesOverlap.js';
import { isLocalhostName } from './isLocalhostName.js';
import { isPrivateHost } from './isPrivateHost.js';
import { PRIVATE_RANGES } from './privateRanges.js';
import type { HostPattern } from './types.js';

/**
 * Does the pattern allow only public hosts, so that `*` contains it (SPEC §6.2 rev 2)?
 *
 * // *, example.com, *.example.com, 8.8.8.0/24 => true
 * // localhost, *.app.localhost, 127.0.0.1, [::1], 10.0.0.0/8, 0.0.0.0/0 => false
 */
export function isPatternPublic(pattern: HostPattern): boolean {
  switch (pattern.kind) {
    case 'any':
      return true;
    case 'exact':
      return !isPrivateHost(pattern.host);
    case 'wildcard':
      // a wildcard covers names only, and only names under localhost are private
      return !isLocalhostName(pattern.suffix);
    case 'cidr':
      return PRIVATE_RANGES.every((range) => !doRangesOverlap(range, pattern.range));
  }
}
