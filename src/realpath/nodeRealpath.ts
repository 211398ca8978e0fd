import { loadNodeFs } from './loadNodeFs.js';
import type { RealpathFn } from './RealpathFn.js';
import { resolveRealpathWith } from './resolveRealpathWith.js';

/**
 * Resolves a raw absolute path through the real Node.js file system; undefined means refuse.
 *
 * Uses `fs.realpathSync.native` (the OS's realpath(3), which resolves
 * `link/..` physically; the JS variant normalizes `..` lexically first).
 * Refuses when `node:fs` is unavailable, and never throws.
 *
 * @example
 * nodeRealpath('/srv/project/link-to-etc/passwd') // => '/etc/passwd'
 * nodeRealpath('/srv/project/new-dir/new.txt')    // => '/srv/project/new-dir/new.txt' (missing tail kept)
 */
export const nodeRealpath: RealpathFn = (absolutePath) => {
  try {
    const fs = loadNodeFs();
    return fs === undefined ? undefined : resolveRealpathWith(fs, absolutePath);
  } catch {
    // INVARIANT: a realpath adapter never throws; any surprise is a refusal.
    return undefined;
  }
};
