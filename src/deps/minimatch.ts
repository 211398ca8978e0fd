/**
 * minimatch, as the rest of src/ imports it. minimatch has no
 * `"sideEffects": false`, so a bundler keeps its module-level code for any
 * file that imports it, used or not. This module has a build entry of its own
 * (tsup.config.ts), which gives it a dist chunk of its own: only code that
 * uses these loads that chunk, and so minimatch.
 */
export { braceExpand, escape, GLOBSTAR, minimatch, Minimatch } from 'minimatch';
export type { MinimatchOptions } from 'minimatch';
