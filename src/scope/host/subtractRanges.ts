import { doRangesOverlap } from './doRangesOverlap.js';
import { isRangeInside } from './isRangeInside.js';
import type { IpRange } from './types.js';

/**
 * Which ranges hold exactly the addresses of `range` that none of `minus`
 * holds? Splits the range in halves only where a subtracted range sits
 * strictly inside, so the answer is the fewest aligned ranges, in address order.
 *
 * // (10.0.0.0/7, [10.0.0.0/8]) => [11.0.0.0/8]
 * // (10.0.0.0/8, [0.0.0.0/0])  => []
 * // (8.0.0.0/8, [10.0.0.0/8])  => [8.0.0.0/8]
 */
export function subtractRanges(range: IpRange, minus: readonly IpRange[]): IpRange[] {
  const overlapping = minus.filter((other) => doRangesOverlap(range, other));
  if (overlapping.length === 0) return [range];
  if (overlapping.some((other) => isRangeInside(range, other))) return [];
  // INVARIANT: some subtracted range is strictly inside, so prefix < width and the halves exist.
  const prefix = range.prefix + 1;
  const width = range.version === 4 ? 32 : 128;
  const low = { version: range.version, network: range.network, prefix };
  const high = {
    version: range.version,
    network: range.network | (1n << BigInt(width - prefix)),
    prefix,
  };
  return [...subtractRanges(low, overlapping), ...subtractRanges(high, overlapping)];
}
