/**
 * This package's version, as package.json gives it (a test keeps the two
 * equal). It names the process-wide brand tables: builds of one version
 * share them, other versions keep their own.
 */
export const TOOLGATE_VERSION = '0.1.0';
