import { isAddressInRange } from './isAddressInRange.js';
import type { IpRange } from './types.js';

/**
 * Is every address of the inner range inside the outer one?
 *
 * // (10.1.0.0/16, 10.0.0.0/8) => true; (10.0.0.0/8, 10.1.0.0/16) => false
 */
export function isRangeInside(inner: IpRange, outer: IpRange): boolean {
  return inner.prefix >= outer.prefix && isAddressInRange(inner.version, inner.network, outer);
}
