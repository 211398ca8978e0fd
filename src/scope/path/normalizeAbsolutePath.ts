import type { CanonicalPath } from './types.js';

/** An empty, "." or ".." segment, or a trailing "/". */
const NEEDS_WORK = /\/(?:\.\.?)?(?:\/|$)/;

/**
 * Canonicalizes an absolute path lexically, by its segments alone.
 *
 * INVARIANT: `absolutePath` starts with `/` and has already passed
 * `validatePathText` (no NUL, no `\`); callers check both first.
 */
export function normalizeAbsolutePath(absolutePath: string): CanonicalPath {
  // /srv/project/a.md => itself: no empty, "." or ".." segment and no trailing
  // "/", so it is canonical already (the common case, decided without a copy).
  // "/" itself takes the loop below, which also gives "/".
  if (!NEEDS_WORK.test(absolutePath)) return absolutePath as CanonicalPath;
  const kept: string[] = [];
  for (const segment of absolutePath.split('/')) {
    // /a//b => /a/b ; /a/b/ => /a/b
    if (segment === '') continue;
    // /a/./b => /a/b
    if (segment === '.') continue;
    if (segment === '..') {
      // /a/b/../c => /a/c ; /../etc => /etc (never climbs above the root)
      kept.pop();
      continue;
    }
    // /a/%2e%2e/~/É => /a/%2e%2e/~/É (no percent-decoding, no ~ expansion, no Unicode folding)
    kept.push(segment);
  }
  // INVARIANT: every kept segment is non-empty and neither '.' nor '..', so the join is canonical.
  // [] => / ; [a, b] => /a/b
  return `/${kept.join('/')}` as CanonicalPath;
}
