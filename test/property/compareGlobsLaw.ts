import fc from 'fast-check';
import { runs } from '../helpers/testEnv.js';
import { expectScopeLaw, grant, list, pair, readAndWrite } from './compareUniverse.js';

// The law of compare.globs*.property.test.ts (SPEC §14.3): deny globs with `?`, classes, braces and absolute `**` compare exactly.
// Generated pairs of grants over these globs; brute force over a finite universe of
// paths (each decided by the oracle gate) must find nothing `after` allows and `before`
// refuses whenever compareGrants says subset, and must confirm every witness.
const ROOTS = ['/', '/a', '/a/b'];
const GLOBS = [
  '!**/[Ss]ecrets/**',
  '!**/[S]ecrets/**',
  '!**/secrets',
  '!/**/.env',
  '!/a/**/.env',
  '!**/.en?',
  '!**/.env',
  '!**/[a-c]x',
  '!**/[ab]x',
  '!**/[!a]x',
  '!**/bx',
  '!**/{id_rsa,id_ed25519}',
  '!**/id_rsa',
  '!/a/**/k?y',
  '!b/[kx]*',
  '!b/key',
  '!?',
  // What two globs leave out only jointly (two positions at once, or one star length).
  '!**/[ab][cd]',
  '!**/{ac,ad,bc}',
  '!**/b*',
  '!**/b?*',
];
const PATHS = [
  '/',
  '/a',
  '/a/secrets',
  '/a/secrets/db',
  '/a/Secrets/db',
  '/a/b/sEcrets/db',
  '/a/.env',
  '/a/b/.env',
  '/.env',
  '/a/.enx',
  '/a/ax',
  '/a/bx',
  '/a/cx',
  '/a/dx',
  '/a/!x',
  '/a/id_rsa',
  '/a/id_ed25519',
  '/a/b/key',
  '/a/b/kay',
  '/a/b/k',
  '/a/b/xz',
  '/a/b/b/key',
  '/b',
  '/b/bx',
  '/z',
  '/a/bd',
  '/a/ac',
  '/a/b/bc',
  '/a/bxx',
  '/a/b',
];
const UNIVERSE = readAndWrite(PATHS);
const folderEntry = fc.oneof(
  fc.constantFrom(...ROOTS),
  fc.record({ path: fc.constantFrom(...ROOTS), access: fc.constantFrom('read', 'write') }),
  fc.constantFrom(...GLOBS),
  fc.constantFrom(...GLOBS),
);

/**
 * Runs the law for `full` runs (scaled under test:quick) from `seed`. Two files
 * share the suite's 10,000 runs (5,000 each, two seeds), so neither is slow.
 */
export function checkGlobLaw(seed: number, full: number): void {
  fc.assert(
    fc.property(
      pair(grant(list(folderEntry).map((folders) => ({ folders })))),
      ([before, after]) => {
        expectScopeLaw(before, after, 'folder', UNIVERSE);
      },
    ),
    { numRuns: runs(full), seed },
  );
}
