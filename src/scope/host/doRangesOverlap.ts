import { isAddressInRange } from './isAddressInRange.js';
import type { IpRange } from './types.js';

/**
 * Do two ranges share an address? Two CIDR ranges either nest or are
 * disjoint, so they overlap exactly when the wider one holds the other's first address.
 *
 * // (10.0.0.0/8, 10.1.0.0/16) => true; (10.0.0.0/8, 11.0.0.0/8) => false; (0.0.0.0/0, [::]/0) => false
 */
export function doRangesOverlap(x: IpRange, y: IpRange): boolean {
  const [wide, narrow] = x.prefix <= y.prefix ? [x, y] : [y, x];
  return isAddressInRange(narrow.version, narrow.network, wide);
}
