import addFormatsModule from 'ajv-formats';

/**
 * ajv-formats' plugin, as the rest of src/ imports it. ajv-formats is
 * CommonJS without `"sideEffects": false`, so a bundler keeps all of it, and
 * ajv with it, for any file that imports it, used or not. This module has a
 * build entry of its own (tsup.config.ts), which gives it a dist chunk of its
 * own: only code that adds formats loads that chunk, and so ajv-formats.
 *
 * ajv-formats is CommonJS: its default import is `module.exports`, the
 * plugin itself, which carries itself again as `.default`.
 */
export const addFormats = addFormatsModule.default;
