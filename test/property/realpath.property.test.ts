import {
  linkSync,
  lstatSync,
  mkdirSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { posix } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createGate, createGrant, createRegistry, type GateContext } from '../../src/index.js';
import { aTempDir } from '../helpers/scratch.js';

/**
 * Differential tests against a real file system: random trees of folders,
 * files and symlinks in a temporary directory, and random paths into them.
 * The oracle is a resolver of our own, written from POSIX path resolution
 * (lstat and readlink, one component at a time), independent of the
 * realpath adapter, which asks the OS for realpath(3).
 */

const base = realpathSync(aTempDir('fs'));
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

const NAMES = ['a', 'b', 'c'] as const;
const LINK_NAMES = ['l1', 'l2', 'l3'] as const;
/** Link targets: inside, outside, up, absolute, dangling, looping. $T is the tree's own folder. */
const TARGETS = [
  'a',
  'b/c',
  '.',
  '..',
  '../..',
  '../../..',
  '../out',
  '../out/a',
  '../ro',
  '../root/a',
  '$T/out',
  '$T/out/a',
  '$T/root',
  '$T/ro/b',
  '/',
  '/etc',
  'missing',
  '../out/missing',
  '$T/out/missing/deeper',
  'l1',
  'l2',
];

interface Entry {
  readonly top: 'root' | 'ro' | 'out';
  readonly parts: readonly string[];
  readonly kind: 'dir' | 'file' | 'link';
  readonly target: string;
}

const entryArb = (links: boolean): fc.Arbitrary<Entry> =>
  fc.record({
    top: fc.constantFrom('root', 'root', 'ro', 'out'),
    parts: fc.array(fc.constantFrom(...NAMES, ...(links ? LINK_NAMES : [])), {
      minLength: 1,
      maxLength: 2,
    }),
    kind: links ? fc.constantFrom('dir', 'file', 'link', 'link') : fc.constantFrom('dir', 'file'),
    target: fc.constantFrom(...TARGETS),
  });

/** A path into the tree: relative to the cwd (the read-write root) or absolute under the tree. */
const pathArb = (links: boolean) =>
  fc.tuple(
    fc.constantFrom('', '', 'root/', 'ro/', 'out/', ''),
    fc.array(
      fc.constantFrom(
        ...NAMES,
        ...(links ? LINK_NAMES : []),
        // The SPEC §14.1 attack: ".." right after a link, which a normalizer reads otherwise.
        ...(links ? LINK_NAMES.map((name) => `${name}/..`) : []),
        'new',
        'new',
        '..',
        '.',
        '',
      ),
      {
        minLength: 1,
        maxLength: 5,
      },
    ),
    fc.constantFrom('fs-read', 'fs-write'),
  );

let trees = 0;

/** Builds one tree in a fresh folder; entries that cannot be made (a file in the way) are skipped. */
function buildTree(entries: readonly Entry[]): string {
  const tree = posix.join(base, `t${trees++}`);
  for (const top of ['root', 'ro', 'out']) mkdirSync(posix.join(tree, top), { recursive: true });
  for (const { top, parts, kind, target } of entries) {
    const full = posix.join(tree, top, ...parts);
    try {
      mkdirSync(posix.dirname(full), { recursive: true });
      if (kind === 'dir') mkdirSync(full, { recursive: true });
      else if (kind === 'file') writeFileSync(full, 'x');
      else symlinkSync(target.replaceAll('$T', tree), full);
    } catch {
      // An entry already there, or a file or link on the way: this tree simply lacks it.
    }
  }
  return tree;
}

type Landing =
  | { readonly kind: 'at'; readonly path: string; readonly danglingSeen: boolean }
  | { readonly kind: 'fails' };

/**
 * Where would the OS land for this absolute path: open() for a read, open(O_CREAT)
 * for a write (missing directories made as written)? "fails" when the OS would
 * fail (ENOTDIR, ELOOP, ".." under a missing folder).
 */
function land(path: string): Landing {
  let current = '/';
  let rest = path.split('/');
  let hops = 0;
  let danglingSeen = false;
  // How many of the components still to read came from link targets: a missing one among them is a dangling link.
  let fromLinks = 0;
  while (rest.length > 0) {
    const [name, ...tail] = rest as [string, ...string[]];
    rest = tail;
    const fromLink = fromLinks > 0;
    if (fromLinks > 0) fromLinks--;
    if (name === '' || name === '.') continue;
    if (name === '..') {
      current = posix.dirname(current);
      continue;
    }
    const next = posix.join(current, name);
    let stat: ReturnType<typeof lstatSync> | undefined;
    try {
      stat = lstatSync(next);
    } catch {
      stat = undefined;
    }
    if (stat === undefined) {
      if (fromLink) danglingSeen = true;
      // Missing: only plain names may follow, each made as written.
      if (rest.some((part) => part === '..' || part === '.')) return { kind: 'fails' };
      return { kind: 'at', path: posix.join(next, ...rest), danglingSeen };
    }
    if (stat.isSymbolicLink()) {
      if (++hops > 40) return { kind: 'fails' };
      const target = readlinkSync(next);
      if (target.startsWith('/')) current = '/';
      const expanded = target.split('/');
      fromLinks += expanded.length;
      rest = [...expanded, ...rest];
      continue;
    }
    if (!stat.isDirectory() && rest.length > 0) return { kind: 'fails' };
    current = next;
  }
  return { kind: 'at', path: current, danglingSeen };
}

/**
 * Does a ".." of the path as written cancel a segment that is a symlink on
 * disk (SPEC §14.1)? Asked of lstat, one written prefix at a time: the
 * independent reading of what the gate decides with realpath alone.
 */
function dotDotAfterLink(path: string): boolean {
  const segments = path.split('/');
  const kept: number[] = [];
  for (const [index, segment] of segments.entries()) {
    if (segment === '' || segment === '.') continue;
    if (segment !== '..') {
      kept.push(index);
      continue;
    }
    const cancelled = kept.pop();
    if (cancelled === undefined) continue;
    try {
      if (lstatSync(segments.slice(0, cancelled + 1).join('/')).isSymbolicLink()) return true;
    } catch {
      // Missing or unreadable: not a link (the gate refuses ".." over a missing folder anyway).
    }
  }
  return false;
}

const isInside = (path: string, root: string) =>
  path === root || root === '/' || path.startsWith(`${root}/`);

/** Decides one path with a lexical gate and a realpath gate, and lands it with the oracle. */
function decide(tree: string, prefix: string, parts: readonly string[], tool: string) {
  const root = posix.join(tree, 'root');
  const ro = posix.join(tree, 'ro');
  const value =
    prefix === '' ? parts.join('/') || '.' : posix.join(tree, prefix) + '/' + parts.join('/');
  const context: GateContext = {
    grant: createGrant({
      tools: ['fs-read@1', 'fs-write@1'],
      folders: [root, { path: ro, access: 'read' }],
    }),
    cwd: root,
  };
  const args = tool === 'fs-read' ? { path: value } : { path: value, content: 'x' };
  const turn = { calls: [{ tool, version: 1, arguments: args }] };
  const lexical = lexicalGate.authorize(turn, context).settled === 'tool';
  const real = realGate.authorize(turn, context).settled === 'tool';
  const absolute = value.startsWith('/') ? value : `${root}/${value}`;
  const allowedRoots = tool === 'fs-read' ? [root, ro] : [root];
  return {
    value,
    lexical,
    real,
    landing: land(absolute),
    // Where a server that normalizes first (the MCP filesystem server) lands.
    lexicalLanding: land(posix.resolve(root, value)),
    afterLink: dotDotAfterLink(absolute),
    allowedRoots,
    lexicalPath: posix.resolve(root, value),
  };
}

const registry = createRegistry();
const lexicalGate = createGate({ registry });
const realGate = createGate({ registry, realpath: 'node' });
const RUNS = { numRuns: 60, seed: 20_261_130 } as const;

describe('the realpath gate against a real file system', () => {
  it('decides exactly as the lexical gate on trees without symlinks, where the OS can resolve the path', () => {
    let compared = 0;
    let allowed = 0;
    fc.assert(
      fc.property(
        fc.array(entryArb(false), { maxLength: 12 }),
        fc.array(pathArb(false), { minLength: 20, maxLength: 40 }),
        (entries, paths) => {
          const tree = buildTree(entries);
          for (const [prefix, parts, tool] of paths) {
            const { value, lexical, real, landing } = decide(tree, prefix, parts, tool);
            // realpath only ever adds a refusal.
            if (real) expect(lexical, value).toBe(true);
            if (landing.kind === 'fails') continue;
            compared++;
            if (real) allowed++;
            expect(real, `${tool} ${value}`).toBe(lexical);
          }
        },
      ),
      RUNS,
    );
    console.log(
      `realpath differential, no symlinks: ${compared} paths compared, ${allowed} allowed by both gates`,
    );
    expect(compared).toBeGreaterThan(1000);
    expect(allowed).toBeGreaterThan(200);
  });

  it('never allows, with realpath, a read or write whose real target is outside every root that grants it', () => {
    let allowed = 0;
    let escapedLexically = 0;
    let readOtherwise = 0;
    let afterLinks = 0;
    fc.assert(
      fc.property(
        fc.array(entryArb(true), { minLength: 4, maxLength: 16 }),
        fc.array(pathArb(true), { minLength: 20, maxLength: 40 }),
        (entries, paths) => {
          const tree = buildTree(entries);
          for (const [prefix, parts, tool] of paths) {
            const { value, lexical, real, landing, lexicalLanding, afterLink, allowedRoots } =
              decide(tree, prefix, parts, tool);
            const realRoots = allowedRoots.map((root) => realpathSync(root));
            const inside =
              landing.kind === 'at' && realRoots.some((root) => isInside(landing.path, root));
            if (lexical && !inside && landing.kind === 'at') escapedLexically++;
            const lexicallyLandsInside =
              lexicalLanding.kind === 'fails' ||
              realRoots.some((root) => isInside(lexicalLanding.path, root));
            if (afterLink) afterLinks++;
            if (afterLink && lexicalLanding.kind === 'at' && landing.kind === 'at') {
              if (lexicalLanding.path !== landing.path) readOtherwise++;
            }
            // Every reading must pass: where a normalizing server lands is inside too.
            if (real) {
              expect(afterLink, `${tool} ${value}: ".." after a link`).toBe(false);
              expect(lexicallyLandsInside, `${tool} ${value} read lexically`).toBe(true);
            }
            // A path the OS cannot open (ENOTDIR, ELOOP) reaches nothing, so it cannot escape.
            if (!real || landing.kind === 'fails') continue;
            allowed++;
            expect(lexical, value).toBe(true);
            expect(inside, `${tool} ${value} lands at ${landing.path}`).toBe(true);
          }
        },
      ),
      RUNS,
    );
    console.log(
      `realpath differential, symlinks: ${allowed} allowed with realpath, all inside; ${escapedLexically} that the lexical gate alone lets out; ${afterLinks} with ".." after a link, ${readOtherwise} of them read apart by the kernel and a normalizer`,
    );
    // The paths do put ".." after links, some of which the two readings take to different places.
    expect(afterLinks).toBeGreaterThan(30);
    expect(readOtherwise).toBeGreaterThan(5);
    expect(allowed).toBeGreaterThan(300);
    // The trees do hold links that lead out, which a lexical gate alone lets through.
    expect(escapedLexically).toBeGreaterThan(25);
  });

  it('allows, with realpath, what lands inside a root lexically and physically, with no dangling link on the way', () => {
    let checked = 0;
    fc.assert(
      fc.property(
        fc.array(entryArb(true), { minLength: 4, maxLength: 16 }),
        fc.array(pathArb(true), { minLength: 20, maxLength: 40 }),
        (entries, paths) => {
          const tree = buildTree(entries);
          for (const [prefix, parts, tool] of paths) {
            const { value, real, landing, allowedRoots, lexicalPath, afterLink } = decide(
              tree,
              prefix,
              parts,
              tool,
            );
            // A ".." after a link is refused on purpose (SPEC §14.1): tested above.
            if (landing.kind !== 'at' || landing.danglingSeen || afterLink) continue;
            const lexicallyInside = allowedRoots.some((root) => isInside(lexicalPath, root));
            const physicallyInside = allowedRoots.some((root) =>
              isInside(landing.path, realpathSync(root)),
            );
            if (!lexicallyInside || !physicallyInside) continue;
            checked++;
            expect(real, `${tool} ${value}`).toBe(true);
          }
        },
      ),
      RUNS,
    );
    console.log(
      `realpath differential, symlinks: ${checked} paths inside both lexically and physically, all allowed`,
    );
    expect(checked).toBeGreaterThan(300);
  });

  it('documents what no path check can see: a hard link inside a root to a file outside is allowed', () => {
    const tree = buildTree([{ top: 'out', parts: ['secret'], kind: 'file', target: '' }]);
    linkSync(posix.join(tree, 'out', 'secret'), posix.join(tree, 'root', 'secret'));
    // The same inode, but the gate sees an ordinary file inside the root: see the README's security model.
    expect(decide(tree, '', ['secret'], 'fs-read').real).toBe(true);
  });
});
