import { isHostPatternInside } from './isHostPatternInside.js';
import { rankHostPattern } from './rankHostPattern.js';
import type { HostPattern } from './types.js';

/**
 * Which pattern contains this inner pattern (a tool's own `network` entry)?
 * The most specific one that does (see `rankHostPattern`; the first of
 * equals), or `undefined` when none does: `isHostPatternInside`, pattern by
 * pattern, the rule of `compileHostMatcher`'s `containsPattern`.
 *
 * // (*.slack.com, [*, *.slack.com]) => *.slack.com
 * // (*.slack.com, [api.slack.com])  => undefined
 */
export function findContainingHostPattern(
  patterns: readonly HostPattern[],
  inner: HostPattern,
): HostPattern | undefined {
  let best: HostPattern | undefined;
  for (const outer of patterns) {
    if (!isHostPatternInside(inner, outer)) continue;
    if (best === undefined || rankHostPattern(outer) > rankHostPattern(best)) best = outer;
  }
  return best;
}
