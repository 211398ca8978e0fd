import { probe } from './probe.js';
import type { RealpathFs } from './RealpathFs.js';

/**
 * Resolves a raw absolute path the way the OS would, using the given file system; undefined means refuse.
 *
 * Walks back from the whole path to its longest existing prefix, asking the
 * OS for each candidate's real path (so `link/..` resolves physically), then
 * appends the missing tail as written. Refuses on any error other than a
 * missing entry, on a `.` or `..` in the missing tail, and on a stripped
 * entry that exists after all (a dangling symlink: writing through it would
 * create its target, wherever that is).
 */
export function resolveRealpathWith(fs: RealpathFs, absolutePath: string): string | undefined {
  if (typeof absolutePath !== 'string' || !absolutePath.startsWith('/')) return undefined;
  const tail: string[] = [];
  let prefix = absolutePath;
  for (;;) {
    const real = probe(() => fs.realpathSync.native(prefix));
    if (real.kind === 'found') return appendTail(real.value, tail.reverse());
    // EACCES, ELOOP, ... => refuse ; ENOENT on / itself => refuse (nothing left to strip)
    if (real.kind === 'failed' || prefix === '/') return undefined;
    const cut = prefix.lastIndexOf('/');
    const segment = prefix.slice(cut + 1);
    // INVARIANT: prefix starts with '/', so cut >= 0 and each pass strictly shortens prefix.
    const parent = cut === 0 ? '/' : prefix.slice(0, cut);
    // /srv/dir//new/ => strip '' twice (collapses '//' and the trailing '/')
    if (segment !== '') {
      // /srv/missing/../etc => refuse: the OS would fail, and a lexical '..' over a missing dir can hide an escape
      if (segment === '.' || segment === '..') return undefined;
      // /srv/dangling-link => refuse: lstat sees an entry that realpath could not follow
      if (probe(() => fs.lstatSync(prefix)).kind !== 'missing') return undefined;
      tail.push(segment);
    }
    prefix = parent;
  }
}

// real /private/srv + [new, a.txt] => /private/srv/new/a.txt ; real / + [x] => /x
function appendTail(real: string, tail: readonly string[]): string {
  if (tail.length === 0) return real;
  return real.endsWith('/') ? `${real}${tail.join('/')}` : `${real}/${tail.join('/')}`;
}
