import fc from 'fast-check';
import { compareGrants, createGrant, type Grant, type GrantSpec } from '../../src/index.js';
import { expect } from 'vitest';
import { oracleAllows } from '../compare/oracle.js';
import { runs } from '../helpers/testEnv.js';

// The finite universes the compareGrants laws run over (compare.*.property.test.ts).
// SPEC §11 asks two things of compareGrants, checked here over finite
// universes of values, each decided by an oracle gate independent of
// compareGrants' own probe:
// - sound: every witness is allowed by `after` and refused by `before`;
// - complete: when some value of the universe is allowed by `after` and
//   refused by `before`, the answer is not `subset` (and names that kind).
export const RUNS = {
  numRuns: Number(process.env.COMPARE_RUNS ?? runs(10_000)),
  seed: 20_261_201,
} as const;

export const PATHS = [
  '/a',
  '/a/b',
  '/a/b/c',
  '/a/bb',
  '/a/x.pem',
  '/a/b/x.pem',
  '/a/b/c/d.pem',
  '/a/.env',
  '/a/b/.env',
  '/a/.git',
  '/a/.git/config',
  '/a/keys/k.pem',
  '/c',
  '/c/b',
  '/c/b/y',
  '/d',
  '/',
];
export const ROOTS = ['/', '/a', '/a/b', '/c', '/a/keys'];
export const GLOBS = [
  '!*.pem',
  '!b',
  '!b/**',
  '!/a/b/x.pem',
  '!**/.env',
  '!.git',
  '!keys/*.pem',
  '!/c/**',
  '!*',
];
export const HOSTS = [
  'a.com:443',
  'a.com:80',
  'b.a.com:443',
  'c.b.a.com:80',
  'x.com:443',
  'x.com:8443',
  '10.1.2.3:443',
  '10.0.0.0:80',
  '11.0.0.1:443',
  '127.0.0.1:80',
  '8.8.8.8:443',
  '[fd00::1]:443',
  '[::1]:443',
  // SPEC §14.2: 10.1.2.3 mapped and 10.0.0.0 through NAT64, which IPv4 deny entries take
  '[::ffff:a01:203]:443',
  '[64:ff9b::a00:0]:80',
  'localhost:80',
  'a.localhost:80',
];
export const PATTERNS = [
  '*',
  'a.com',
  '*.a.com',
  'a.com:443',
  '10.0.0.0/8',
  '10.0.0.0/16',
  '127.0.0.1',
  '[fd00::]/8',
  '[::ffff:0:0]/96',
  'x.com:8443',
  '!*.a.com',
  '!10.0.0.0/8',
  '!b.a.com',
  '!a.com:80',
  '![::ffff:a00:0]/104',
  '!*',
];
export const SECRETS = ['AWS_KEY', 'AWS_SECRET', 'AWS_X', 'AWS_', 'GH_TOKEN', 'OTHER', 'A'];
export const SECRET_ENTRIES = [
  '*',
  'AWS_*',
  'AWS_KEY',
  'GH_TOKEN',
  'A*',
  '!AWS_KEY',
  '!AWS_S*',
  '!*',
];
export const REFS = ['a@1', 'b@1', 'c@2'];
export const PIN = `#sha256:${'a'.repeat(64)}`;

export const folderEntry = fc.oneof(
  fc.constantFrom(...ROOTS),
  fc.record({ path: fc.constantFrom(...ROOTS), access: fc.constantFrom('read', 'write') }),
  fc.constantFrom(...GLOBS),
);
export const list = <T>(item: fc.Arbitrary<T>) => fc.array(item, { maxLength: 4 });
export const grant = (spec: fc.Arbitrary<GrantSpec>) => spec.map((value) => createGrant(value));
export const pair = <T>(arb: fc.Arbitrary<T>) => fc.tuple(arb, arb);

export function witnessesOf(before: Grant, after: Grant) {
  const result = compareGrants(before, after);
  return result.subset ? [] : result.widenings;
}

/** A value of a law's universe: what the oracle is asked, and about which value. */
export type Probed = readonly ['read' | 'write' | 'host' | 'secret', string];

/** Every path of a universe, read and written. */
export const readAndWrite = (paths: readonly string[]): Probed[] =>
  paths.flatMap((path) => [['read', path] as const, ['write', path] as const]);

/**
 * The law every scope comparison keeps: each widening is of `kind` and its
 * witness is allowed by `after` and refused by `before` (oracle gate); and
 * when compareGrants answers subset, no value of the universe is allowed by
 * `after` and refused by `before`.
 */
export function expectScopeLaw(
  before: Grant,
  after: Grant,
  kind: 'folder' | 'network' | 'secret',
  universe: readonly Probed[],
): void {
  const widenings = witnessesOf(before, after);
  for (const widening of widenings) {
    expect(widening.kind).toBe(kind);
    if (widening.kind !== 'folder' && widening.kind !== 'network' && widening.kind !== 'secret')
      continue;
    // An undecided deny (too many combinations: SPEC §14.3) names a path before denies.
    if (widening.kind === 'folder' && widening.undecided === true) {
      expect(oracleAllows(before, widening.witness.access, widening.witness.path)).toBe(false);
      continue;
    }
    const [probe, value]: Probed =
      widening.kind === 'folder'
        ? [widening.witness.access, widening.witness.path]
        : [widening.kind === 'network' ? 'host' : 'secret', widening.witness];
    expect(oracleAllows(after, probe, value)).toBe(true);
    expect(oracleAllows(before, probe, value)).toBe(false);
  }
  // Completeness binds a subset answer only: brute force must then find nothing.
  if (widenings.length > 0) return;
  const missed = universe.filter(
    ([probe, value]) => oracleAllows(after, probe, value) && !oracleAllows(before, probe, value),
  );
  expect(missed).toEqual([]);
}
