/**
 * tldts, as the rest of src/ imports it. tldts is CommonJS without
 * `"sideEffects": false`, so a bundler keeps all of it (about 140 KB) for any
 * file that imports it, used or not. This module has a build entry of its own
 * (tsup.config.ts), which gives it a dist chunk of its own: only code that
 * calls these functions loads that chunk, and so tldts.
 */
export { getDomain, getPublicSuffix } from 'tldts';
