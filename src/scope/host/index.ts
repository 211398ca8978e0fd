export { compileHostMatcher } from './compileHostMatcher.js';
export { formatHostAndPort } from './formatHostAndPort.js';
export { isHostPatternInside } from './isHostPatternInside.js';
export { parseHostPattern } from './parseHostPattern.js';
export { parseHostResource } from './parseHostResource.js';
export { parseUrlHost } from './parseUrlHost.js';
export type { CanonicalHost, HostAndPort, HostMatcher, HostPattern } from './types.js';
