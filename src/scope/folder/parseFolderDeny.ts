import { Minimatch, type MinimatchOptions } from '../../deps/minimatch.js';
import { fail, ok, type ScopeResult } from '../result.js';

/**
 * A folder deny entry compiled once: `self` matches a path the glob names,
 * `below` a path under one it names (the gitignore habit: naming a folder
 * denies everything under it).
 */
export interface FolderDeny {
  /** The entry as written, `!` included: what a refusal's details name. */
  readonly entry: string;
  /** Matched against the canonical path (true) or against the path relative to a covering root. */
  readonly absolute: boolean;
  readonly self: Minimatch;
  readonly below: Minimatch;
  /**
   * (rev 3) The glob's anchors: for each brace alternative, the path before
   * its first segment with a wildcard (SPEC §14.1 "Deny entries guard their
   * ancestors against writes"). Absolute for an absolute glob; relative to
   * each root otherwise, `''` being the root itself.
   *
   * // !/srv/app/.git/** => ['/srv/app/.git'];  !config/secrets/* => ['config/secrets']
   * // !**\/.env         => [''];               !{a,b}/x          => ['a/x', 'b/x']
   */
  readonly anchors: readonly string[];
}

/** Longest glob accepted (a root may be long once `intersectGrants` anchors a glob at it); minimatch refuses 64 KiB anyway. */
const MAX_GLOB = 4096;

/**
 * Minimatch syntax with dotfiles matched and case kept; `!` and `#` inside
 * the glob are literal (the leading `!` was the deny marker), and `/` is
 * the only separator on every platform.
 */
export const FOLDER_GLOB_OPTIONS: MinimatchOptions = /* @__PURE__ */ Object.freeze({
  dot: true,
  nocase: false,
  nonegate: true,
  nocomment: true,
  platform: 'linux',
});

/**
 * Parses and compiles one `!` entry of a grant's `folders` (SPEC §5, §13).
 *
 * // !/srv/app/.git/** => absolute; self /srv/app/.git/**, below /srv/app/.git/**\/**
 * // !.env             => relative, any depth: self **\/.env, below **\/.env/**
 * // !config/*.yml     => relative, anchored at the root: self config/*.yml
 * // !a/../b           => problem (no . or .. segments)
 * // !Vertra\u0308ge    => entry !Verträge (NFC)
 */
export function parseFolderDeny(written: unknown): ScopeResult<FolderDeny> {
  if (typeof written !== 'string' || !written.startsWith('!'))
    return fail('a folder deny entry is "!" followed by a glob, such as "!**/.env"');
  // SPEC §14.1: deny globs are NFC, so an NFD or compatibility spelling of a name is one glob.
  const text = written.normalize('NFC');
  const glob = text.slice(1);
  const problem = findGlobProblem(glob);
  if (problem !== undefined) return fail(problem);
  const absolute = glob.startsWith('/');
  // gitignore: no "/" => that name at any depth under the root; with one => anchored at the root.
  const anchored = absolute || glob.includes('/') ? glob : `**/${glob}`;
  try {
    const self = new Minimatch(anchored, FOLDER_GLOB_OPTIONS);
    const below = new Minimatch(`${anchored}/**`, FOLDER_GLOB_OPTIONS);
    if (self.set.length === 0) return fail('the glob matches nothing');
    const anchors = Object.freeze([...new Set(self.set.map((parts) => anchorOf(parts, absolute)))]);
    return ok(Object.freeze({ entry: text, absolute, self, below, anchors }));
  } catch (error) {
    // minimatch throws for a pattern it cannot take (too long, bad type): a problem, not a crash.
    return fail(
      `minimatch cannot compile it (${error instanceof Error ? error.message : 'unknown error'})`,
    );
  }
}

/**
 * The literal segments before the first wildcard of one compiled alternative,
 * joined: minimatch keeps a literal segment as a string (escapes removed) and
 * a wildcard as a RegExp or GLOBSTAR.
 *
 * // ['', 'srv', 'app', '.git', GLOBSTAR] => '/srv/app/.git' ; [GLOBSTAR, '.env'] => ''
 */
function anchorOf(parts: readonly unknown[], absolute: boolean): string {
  const literal: string[] = [];
  for (const part of parts) {
    if (typeof part !== 'string') break;
    literal.push(part);
  }
  const joined = literal.join('/');
  // ['', GLOBSTAR] (the glob /**) => '/'
  return absolute && joined === '' ? '/' : joined;
}

/** What makes a glob unusable as a deny, or `undefined`. */
function findGlobProblem(glob: string): string | undefined {
  if (glob === '') return 'the glob after "!" is empty';
  if (glob.length > MAX_GLOB) return `the glob is longer than ${MAX_GLOB} characters`;
  if (glob.includes('\0')) return 'the glob contains a NUL character';
  if (glob.endsWith('/'))
    return 'the glob ends with "/"; write "!dir" to deny a folder and everything under it';
  // "\\" is an escaped "\"; an odd run of them at the end leaves the last one escaping nothing.
  if (countTrailing(glob, '\\') % 2 === 1)
    return 'the glob ends with a lone "\\" that escapes nothing';
  const segments = (glob.startsWith('/') ? glob.slice(1) : glob).split('/');
  if (segments.some((segment) => segment === ''))
    return 'the glob has an empty segment ("//"); paths are canonical, so it would match nothing';
  if (segments.some((segment) => segment === '.' || segment === '..'))
    return 'the glob has a "." or ".." segment; paths are canonical, so write the glob without them';
  const extglob = findExtglob(glob);
  if (extglob !== undefined)
    return `the glob uses the extglob "${extglob}(…)"; folder deny globs take literal segments, *, **, ?, [classes] and {a,b} braces: write each alternative as a deny entry of its own, or with braces`;
  return undefined;
}

/** How many times `char` repeats at the end of `text` (`charAt` before the start is `''`, which ends it). */
function countTrailing(text: string, char: string): number {
  let count = 0;
  while (text.charAt(text.length - 1 - count) === char) count++;
  return count;
}

/**
 * The first extglob opener (`@(`, `!(`, `+(`, `*(`, `?(`) outside an escape
 * and a class, as its marker character, or `undefined`.
 *
 * // '**\/?(.)env' => '?'; '**\/\?(x)' => undefined; '[*(]' => undefined
 */
function findExtglob(glob: string): string | undefined {
  for (let index = 0; index < glob.length; index++) {
    const char = glob.charAt(index);
    if (char === '\\') {
      index++;
    } else if (char === '[') {
      // A class runs to the first "]" after its first member; without one, "[" is literal.
      const close = glob.indexOf(']', index + 2);
      if (close !== -1) index = close;
    } else if ('@!+*?'.includes(char) && glob.charAt(index + 1) === '(') {
      return char;
    }
  }
  return undefined;
}
