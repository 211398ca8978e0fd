export { canonicalizePath } from './canonicalizePath.js';
export { canonicalizeRoot } from './canonicalizeRoot.js';
export { isPathInside } from './isPathInside.js';
export { toAbsoluteRawPath } from './toAbsoluteRawPath.js';
export type { CanonicalPath } from './types.js';
export { otherSpellings, spellingsOfAll, unicodeSpellings } from './unicodeSpellings.js';
