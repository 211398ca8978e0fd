import fc from 'fast-check';
import { braceExpand, minimatch } from 'minimatch';
import { describe, expect, it } from 'vitest';
import { createGate, createGrant, type Grant, type GrantSpec } from '../../src/index.js';
import { intersectGrants } from '../../src/visibility/intersectGrants.js';
import { aGateRegistry, aTurn } from '../gate/fixtures.js';
import { enough, runs } from '../helpers/testEnv.js';

// Fixed seed: the same 10 000 cases on every run, so a failure always reproduces.
const RUNS = { numRuns: runs(10_000), seed: 20_261_201 } as const;

const gate = createGate({ registry: aGateRegistry() });

// A small universe, so roots, denies and paths meet often.
const SEGMENTS = [
  'srv',
  'app',
  'sub',
  '.env',
  '.git',
  'config',
  'x.pem',
  'a',
  'b',
  'secret1',
  'k.key',
];
const ROOTS = ['/', '/srv', '/srv/app', '/srv/app/sub', '/srv/app/config', '/a'];
const DENIES = [
  '!.env',
  '!*.pem',
  '!.git',
  '!.git/**',
  '!config/*',
  '!app/config',
  '!/srv/app/.git',
  '!/srv/app/**/*.key',
  '!/srv/*/config/**',
  '!sub',
  '!**/secret*',
  '!a/b',
  '!*',
  '!{a,b}/.env',
  '!s?b',
  '![ab]',
];
const SECRETS = ['AWS_KEY', 'AWS_SECRET', 'AWS_SECRET_KEY', 'DB_ROOT', 'DB_USER', 'SLACK_TOKEN'];
const SECRET_ALLOWS = ['*', 'AWS_*', 'AWS_SECRET*', 'DB_*', 'DB_ROOT', 'SLACK_TOKEN'];
const SECRET_DENIES = [
  '!*',
  '!AWS_SECRET*',
  '!AWS_SECRET_KEY',
  '!DB_ROOT',
  '!DB_*',
  '!SLACK_TOKEN',
];

const aPath = fc
  .array(fc.constantFrom(...SEGMENTS), { minLength: 0, maxLength: 5 })
  .map((parts) => `/${parts.join('/')}`);
const roots = fc.uniqueArray(fc.constantFrom(...ROOTS), { maxLength: 3 });
const denies = fc.uniqueArray(fc.constantFrom(...DENIES), { maxLength: 3 });
const secretAllows = fc.uniqueArray(fc.constantFrom(...SECRET_ALLOWS), { maxLength: 3 });
const secretDenies = fc.uniqueArray(fc.constantFrom(...SECRET_DENIES), { maxLength: 3 });

/** Grants by their spec's JSON: the universe is small, so specs repeat and compiling once keeps this fast. */
const grants = new Map<string, Grant>();
function grantOf(spec: GrantSpec): Grant {
  const key = JSON.stringify(spec);
  let grant = grants.get(key);
  if (grant === undefined) grants.set(key, (grant = createGrant(spec)));
  return grant;
}

/** Does the gate let fs-read read this path under these folder entries? */
function canRead(folders: readonly string[], path: string): boolean {
  const grant = grantOf({ tools: ['fs-read@1'], folders });
  return gate.authorize(aTurn('fs-read', { path }), { grant }).settled === 'tool';
}

/** Does the gate let fs-write write this path under these folder entries? */
function canWrite(folders: readonly string[], path: string): boolean {
  const grant = grantOf({ tools: ['fs-write@1'], folders });
  return gate.authorize(aTurn('fs-write', { path, content: 'x' }), { grant }).settled === 'tool';
}

/**
 * SPEC §14.1 written again: a deny glob's anchors are, for each brace
 * alternative, its segments before the first with a wildcard; relative ones
 * sit at every root. A write to an anchor or a folder above one is refused.
 */
function guardsAgainstWrite(
  rootList: readonly string[],
  denyList: readonly string[],
  path: string,
) {
  for (const entry of denyList) {
    const glob = entry.slice(1);
    const anchored = glob.startsWith('/') || glob.includes('/') ? glob : `**/${glob}`;
    for (const alternative of braceExpand(anchored)) {
      const parts = alternative.split('/');
      const cut = parts.findIndex((part) => /[*?[]/.test(part));
      const literal = (cut === -1 ? parts : parts.slice(0, cut)).join('/');
      const anchors = glob.startsWith('/')
        ? [literal === '' ? '/' : literal]
        : rootList.map((root) =>
            literal === '' ? root : `${root === '/' ? '' : root}/${literal}`,
          );
      for (const anchor of anchors)
        if (path === anchor || path === '/' || anchor.startsWith(`${path}/`)) return true;
    }
  }
  return false;
}

/** Does the gate let vault/use use this secret under these secret entries? */
function canUse(secrets: readonly string[], secret: string): boolean {
  const grant = grantOf({ tools: ['vault/use@1'], secrets });
  return gate.authorize(aTurn('vault/use', { secret }), { grant }).settled === 'tool';
}

/** The prefixes of a path's segments: a/b/c => a, a/b, a/b/c. */
const prefixes = (parts: readonly string[]) =>
  parts.map((_, index) => parts.slice(0, index + 1).join('/'));

/**
 * The folder rule written again from SPEC §13 with minimatch directly, segment
 * by segment: a path is inside when a root covers it; a relative glob without
 * "/" denies when it matches any one segment below a covering root; one with
 * "/" when it matches a leading run of segments below it; an absolute glob
 * when it matches the path or a folder above it.
 */
function oracleAllows(rootList: readonly string[], denyList: readonly string[], path: string) {
  const options = { dot: true, nonegate: true, nocomment: true };
  const parts = path.split('/').filter((part) => part !== '');
  const covering = rootList.filter(
    (root) => root === '/' || path === root || path.startsWith(`${root}/`),
  );
  if (covering.length === 0) return false;
  for (const entry of denyList) {
    const glob = entry.slice(1);
    if (glob.startsWith('/')) {
      if (prefixes(parts).some((prefix) => minimatch(`/${prefix}`, glob, options))) return false;
      continue;
    }
    for (const root of covering) {
      const below = parts.slice(root === '/' ? 0 : root.split('/').length - 1);
      const hit = glob.includes('/')
        ? prefixes(below).some((prefix) => minimatch(prefix, glob, options))
        : below.some((segment) => minimatch(segment, glob, options));
      if (hit) return false;
    }
  }
  return true;
}

function secretOracle(allows: readonly string[], denied: readonly string[], name: string) {
  const matches = (pattern: string) =>
    pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern;
  return allows.some(matches) && !denied.some((entry) => matches(entry.slice(1)));
}

describe('folder deny entries (properties)', () => {
  it('a path is allowed exactly when an independent minimatch oracle says so', () => {
    fc.assert(
      fc.property(roots, denies, aPath, (rootList, denyList, path) => {
        expect(canRead([...rootList, ...denyList], path)).toBe(
          oracleAllows(rootList, denyList, path),
        );
      }),
      RUNS,
    );
  });

  it('a write is allowed exactly when the oracle allows the path and it guards no deny anchor (SPEC §14.1)', () => {
    let guarded = 0;
    fc.assert(
      fc.property(roots, denies, aPath, (rootList, denyList, path) => {
        const guards = guardsAgainstWrite(rootList, denyList, path);
        const allowed = oracleAllows(rootList, denyList, path);
        if (allowed && guards) guarded++;
        expect(canWrite([...rootList, ...denyList], path), path).toBe(allowed && !guards);
      }),
      RUNS,
    );
    // Paths a read may see but a write may not move: the rule is exercised, not vacuous.
    expect(guarded).toBeGreaterThan(enough(300, 10_000));
  });

  it('never allows a write to a folder above what a deny with a literal prefix takes away', () => {
    fc.assert(
      fc.property(
        roots,
        fc.constantFrom('!.git/**', '!config/*', '!app/config', '!/srv/app/.git', '!a/b'),
        fc.nat(),
        (rootList, deny, pick) => {
          // The attack: name each folder between a root and the denied folder, the root included.
          const glob = deny.slice(1).replace(/\/\*+$/, '');
          for (const root of rootList) {
            const denied = glob.startsWith('/') ? glob : `${root === '/' ? '' : root}/${glob}`;
            if (!denied.startsWith(root === '/' ? '/' : `${root}/`)) continue;
            const parts = denied.split('/');
            const depth = (root === '/' ? 1 : root.split('/').length) + (pick % parts.length);
            const ancestor = parts.slice(0, Math.min(depth, parts.length)).join('/') || '/';
            expect(canWrite([...rootList, deny], ancestor), `${deny} ${ancestor}`).toBe(false);
          }
        },
      ),
      RUNS,
    );
  });

  it('deny wins whatever the order: a path a root covers and a deny takes is refused, wherever each sits', () => {
    let denyWon = 0;
    fc.assert(
      fc.property(roots, denies, aPath, fc.func(fc.integer()), (rootList, denyList, path, rank) => {
        const entries = [...rootList, ...denyList];
        const shuffled = [...entries].sort((x, y) => rank(x) - rank(y));
        // The oracle reads roots and denies apart, so no order can change its answer.
        const covered = oracleAllows(rootList, [], path);
        const allowed = oracleAllows(rootList, denyList, path);
        if (covered && !allowed) denyWon += 1;
        expect(canRead(shuffled, path), `${path} in ${JSON.stringify(shuffled)}`).toBe(allowed);
      }),
      RUNS,
    );
    // A root and a deny both naming the path (about 520 of 10,000): the case the name promises.
    expect(denyWon).toBeGreaterThan(enough(300, 10_000));
  });

  it('adding a deny never widens', () => {
    fc.assert(
      fc.property(
        roots,
        denies,
        fc.constantFrom(...DENIES),
        aPath,
        (rootList, denyList, extra, path) => {
          const before = [...rootList, ...denyList];
          if (canRead([...before, extra], path)) expect(canRead(before, path)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('intersectGrants allows a path exactly when both grants do, denies counted', () => {
    fc.assert(
      fc.property(roots, denies, roots, denies, aPath, (r1, d1, r2, d2, path) => {
        const parent = grantOf({ tools: ['fs-read@1'], folders: [...r1, ...d1] });
        const child = grantOf({ tools: ['fs-read@1'], folders: [...r2, ...d2] });
        const both = intersectGrants(parent, child);
        const allowed =
          gate.authorize(aTurn('fs-read', { path }), { grant: both }).settled === 'tool';
        expect(allowed).toBe(canRead([...r1, ...d1], path) && canRead([...r2, ...d2], path));
      }),
      RUNS,
    );
  });
});

describe('secret deny entries (properties)', () => {
  const aSecret = fc.constantFrom(...SECRETS);

  it('a secret is allowed exactly when an allow entry covers it and no deny entry does, in any order', () => {
    fc.assert(
      fc.property(
        secretAllows,
        secretDenies,
        aSecret,
        fc.func(fc.integer()),
        (allows, denied, name, rank) => {
          const entries = [...allows, ...denied].sort((x, y) => rank(x) - rank(y));
          expect(canUse(entries, name)).toBe(secretOracle(allows, denied, name));
        },
      ),
      RUNS,
    );
  });

  it('adding a deny never widens, and intersectGrants counts denies exactly', () => {
    fc.assert(
      fc.property(
        secretAllows,
        secretDenies,
        secretAllows,
        secretDenies,
        aSecret,
        (a1, d1, a2, d2, name) => {
          const first = [...a1, ...d1];
          const second = [...a2, ...d2];
          if (canUse([...first, ...d2], name)) expect(canUse(first, name)).toBe(true);
          const both = intersectGrants(
            grantOf({ tools: ['vault/use@1'], secrets: first }),
            grantOf({ tools: ['vault/use@1'], secrets: second }),
          );
          const allowed =
            gate.authorize(aTurn('vault/use', { secret: name }), { grant: both }).settled ===
            'tool';
          expect(allowed).toBe(canUse(first, name) && canUse(second, name));
        },
      ),
      RUNS,
    );
  });
});
