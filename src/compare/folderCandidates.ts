import { braceExpand, minimatch } from '../deps/minimatch.js';
import { folderDeniesOf, folderRootsOf } from '../grant/folderRootsOf.js';
import type { Grant } from '../grant/types.js';
import { compiledGrantOf } from '../grant/compiledGrant.js';
import { anchorAt } from '../scope/folder/findGuardedDeny.js';
import { FOLDER_GLOB_OPTIONS } from '../scope/folder/parseFolderDeny.js';
import { canonicalizePath } from '../scope/path/index.js';
import { freshName } from './freshName.js';
import { sampleGlob } from './sampleGlob.js';

/**
 * Canonical paths worth asking about when comparing the folder scopes of
 * two grants: each root of either grant, and each folder between a
 * `before` root and the `after` root above it, each with a fresh name and
 * with samples of every deny glob of either grant below it (at the top
 * and one folder down, since a glob without `/` matches at any depth), and
 * samples of absolute deny globs themselves, with a fresh name below each;
 * only those inside an `after` root are kept. Paths in the same class as
 * one of these are allowed or refused alike.
 *
 * // after [/srv], before [/srv, !*.pem] => /srv, /srv/x, /srv/x.pem, /srv/x/x.pem, …
 */
export function folderCandidates(before: Grant, after: Grant): FolderCandidates {
  const afterRoots = folderRootsOf(after).map((folder) => folder.path);
  const beforeRoots = folderRootsOf(before).map((folder) => folder.path);
  if (afterRoots.length === 0) return { paths: [], undecided: [] };
  const globs = [...folderDeniesOf(before), ...folderDeniesOf(after)].map((deny) => deny.slice(1));
  // Nor one a glob segment without "*" matches ("?", "[a-z]"): "x" under "!?" would be denied.
  const fixed = globs
    .flatMap((glob) => braceExpand(glob))
    .flatMap((glob) => glob.split('/'))
    .filter((segment) => segment !== '' && !segment.includes('*'));
  const fresh = freshName(
    [...afterRoots, ...beforeRoots, ...globs],
    'x',
    (name) => !fixed.some((segment) => minimatch(name, segment, FOLDER_GLOB_OPTIONS)),
  );
  const inside = (path: string) =>
    afterRoots.some((root) => root === '/' || path === root || path.startsWith(`${root}/`));

  // Every root of either grant anchors relative globs (the paths built are kept only inside an
  // after root), and the folders between a before root and the after root above it are anchors.
  const anchors = new Set([...afterRoots, ...beforeRoots]);
  for (const root of beforeRoots) {
    // /srv/a/b under an after root /srv: /srv/a/b and /srv/a are anchors too.
    for (let path = root; path !== '/' && inside(path); path = parentOf(path)) anchors.add(path);
  }
  const context = {
    fresh,
    alphabet: alphabetOf([...afterRoots, ...beforeRoots, ...globs]),
    roots: [...new Set([...afterRoots, ...beforeRoots])],
    // Each segment's characters but its stars: a class or an escape counts its text, which is more.
    longest:
      Math.max(
        0,
        ...globs
          .flatMap((glob) => braceExpand(glob))
          .flatMap((glob) => glob.split('/').map((segment) => segment.replaceAll('*', '').length)),
      ) + 1,
  };
  const relative: string[] = [];
  const absolute: string[] = [];
  const denied = new Set(folderDeniesOf(before));
  const kept = new Set(folderDeniesOf(after));
  const inexact: { entry: string; sample: string }[] = [];
  for (const glob of globs) {
    const { samples, exact } = sampleGlob(glob, context);
    for (const sample of samples) (glob.startsWith('/') ? absolute : relative).push(sample);
    // What only before denies decides what after may newly allow: its samples must be exact.
    const entry = `!${glob}` as const;
    if (!exact && denied.has(entry) && !kept.has(entry))
      inexact.push({ entry, sample: samples.find((sample) => sample !== '') ?? fresh });
  }

  const candidates = new Set<string>();
  const add = (path: string) => {
    // A sample may spell a path another way (a fresh name ending in "."): report it as the gate reads it.
    const canonical = canonicalizePath(path);
    if (canonical.ok && inside(canonical.value)) candidates.add(canonical.value);
  };
  for (const anchor of anchors) {
    const base = anchor === '/' ? '' : anchor;
    add(anchor);
    add(`${base}/${fresh}`);
    for (const sample of relative) {
      if (sample === '') continue;
      add(`${base}/${sample}`);
      add(`${base}/${fresh}/${sample}`);
      add(`${base}/${sample}/${fresh}`);
    }
  }
  for (const sample of absolute) {
    if (sample === '/' || sample === '') continue;
    add(sample);
    add(`${sample}/${fresh}`);
  }
  // A write to a deny entry's anchor or a folder above it is refused (SPEC §14.1): each is a class.
  for (const grant of [before, after])
    for (const deny of compiledGrantOf(grant)?.folderDenies ?? [])
      for (const anchor of deny.anchors)
        for (const start of deny.absolute
          ? [anchor]
          : [...anchors].map((root) => anchorAt(anchor, root)))
          for (let path = start; path !== '/'; path = parentOf(path)) add(path);
  const undecided = inexact.flatMap(({ entry, sample }) => {
    const placed = canonicalizePath(
      sample.startsWith('/')
        ? sample
        : `${afterRoots[0] === '/' ? '' : String(afterRoots[0])}/${sample}`,
    );
    return placed.ok ? [{ entry, witness: placed.value }] : [];
  });
  return { paths: [...candidates], undecided };
}

/** The candidate paths, and the `before` deny entries they may not stand for exactly. */
export interface FolderCandidates {
  readonly paths: readonly string[];
  /**
   * (SPEC §14.3) Each deny entry only `before` has whose samples are not the
   * whole joint product of its positions, with a path it denies: reported
   * as a widening marked `undecided`, since a path it denies may escape
   * every sample.
   */
  readonly undecided: readonly { readonly entry: string; readonly witness: string }[];
}

// /srv/a/b => /srv/a; /srv => /
function parentOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}

/**
 * Characters to try a `?` or a class with: every one the texts hold, in both
 * cases, and one spare the texts do not hold ('x' unless they do). Any other
 * character is read by every glob as the spare is, so it adds no class.
 */
function alphabetOf(texts: readonly string[]): string[] {
  const letters = new Set<string>();
  for (const text of texts)
    for (const letter of text) {
      letters.add(letter);
      letters.add(letter.toLowerCase());
      letters.add(letter.toUpperCase());
    }
  const spare = ['x', 'q', 'Z', '0', '_', 'é'].find((letter) => !letters.has(letter)) ?? 'x';
  // A case change may give more than one character (ß => SS): only single ones are letters.
  const held = [...letters].filter((letter) => Array.from(letter).length === 1 && letter !== '/');
  return [spare, ...held.filter((letter) => letter !== spare)];
}
