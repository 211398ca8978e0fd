import type { RealpathFn } from '../../realpath/RealpathFn.js';

/** What walking a raw path's `..` segments found: nothing, a symlink a `..` climbs out of, or a failure (refuse). */
export type DotDotFinding =
  | { readonly kind: 'none' }
  | { readonly kind: 'link'; readonly link: string }
  | { readonly kind: 'unresolved' };

const NONE: DotDotFinding = /* @__PURE__ */ Object.freeze({ kind: 'none' });

/**
 * Does a `..` in this raw absolute path climb out of a segment that is a
 * symlink on disk (SPEC §14.1 "`..` after a symlink")? The kernel reads
 * `a/link/../b` through the link's target; a lexical normalizer (as the MCP
 * filesystem server uses) reads `a/b`. The two agree exactly when every
 * segment a `..` cancels is a plain folder, so each cancelled segment is
 * tested: it is a link when its real path differs from its parent's real
 * path plus its name.
 *
 * // (/srv/data/x/../l2/f, x -> /srv/data/sub/deeper) => { kind: 'link', link: '/srv/data/x' }
 * // (/srv/data/sub/../a.txt, sub a folder)           => { kind: 'none' }
 * // (/srv/data/a.txt)                                 => { kind: 'none' } (no "..": no I/O)
 */
export function findLinkBeforeDotDot(raw: string, realpath: RealpathFn): DotDotFinding {
  // Most paths have no ".." segment at all: decided without splitting.
  if (!/(?:^|\/)\.\.(?:\/|$)/.test(raw)) return NONE;
  const segments = raw.split('/');
  // The indexes of the name segments a lexical normalizer keeps so far.
  const kept: number[] = [];
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index];
    if (segment === '' || segment === '.') continue;
    if (segment !== '..') {
      kept.push(index);
      continue;
    }
    const cancelled = kept.pop();
    // /.. is / for both readings.
    if (cancelled === undefined) continue;
    const prefix = segments.slice(0, cancelled + 1).join('/');
    const parent = segments.slice(0, cancelled).join('/') || '/';
    const real = realpath(prefix);
    const realParent = realpath(parent);
    if (typeof real !== 'string' || typeof realParent !== 'string') return { kind: 'unresolved' };
    const name = segments[cancelled] as string;
    const plain = realParent === '/' ? `/${name}` : `${realParent}/${name}`;
    if (real !== plain) return { kind: 'link', link: prefix };
  }
  return NONE;
}
