import { isIpLiteral } from './isIpLiteral.js';
import { isPortCovered } from './isPortCovered.js';
import { isStrictlyUnder } from './isStrictlyUnder.js';
import type { HostPattern } from './types.js';

/**
 * Is every host:port the inner pattern allows also allowed by the outer pattern?
 *
 * @param inner The pattern that must fit, e.g. a tool's own `network` entry.
 * @param outer The pattern it must fit in, e.g. a grant's `network` entry.
 * @returns `true` for (`*.slack.com`, `*.slack.com`) or (`api.slack.com:443`, `api.slack.com`);
 *   `false` for (`*.slack.com`, `api.slack.com`) or (`api.slack.com`, `api.slack.com:443`).
 */
export function isHostPatternInside(inner: HostPattern, outer: HostPattern): boolean {
  if (outer.kind === 'any') return true;
  // * => inside only *
  if (inner.kind === 'any') return false;
  // api.slack.com (any port) => not inside api.slack.com:443
  if (!isPortCovered(inner.port, outer.port)) return false;
  // api.slack.com => inside api.slack.com only; *.slack.com => never inside an exact host
  if (outer.kind === 'exact') return inner.kind === 'exact' && inner.host === outer.host;
  const name = inner.kind === 'exact' ? inner.host : inner.suffix;
  // a wildcard never covers an IP address
  if (isIpLiteral(name)) return false;
  // api.slack.com, *.slack.com, *.a.slack.com => inside *.slack.com; slack.com => not inside
  return (
    (inner.kind === 'wildcard' && name === outer.suffix) || isStrictlyUnder(name, outer.suffix)
  );
}
