import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oracleAllows } from '../compare/oracle.js';
import { RUNS, grant, list, pair, witnessesOf } from './compareUniverse.js';

// SPEC §14.3: deny globs with `?`, classes, braces and absolute `**` compare exactly.
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
];
const folderEntry = fc.oneof(
  fc.constantFrom(...ROOTS),
  fc.record({ path: fc.constantFrom(...ROOTS), access: fc.constantFrom('read', 'write') }),
  fc.constantFrom(...GLOBS),
  fc.constantFrom(...GLOBS),
);

describe('compareGrants laws, deny globs of every allowed form (SPEC §14.3)', () => {
  it('never says subset when after allows a path before refuses; every witness holds', () => {
    fc.assert(
      fc.property(
        pair(grant(list(folderEntry).map((folders) => ({ folders })))),
        ([before, after]) => {
          const widenings = witnessesOf(before, after);
          for (const widening of widenings) {
            expect(widening.kind).toBe('folder');
            if (widening.kind !== 'folder') continue;
            const { path, access } = widening.witness;
            expect(oracleAllows(after, access, path)).toBe(true);
            expect(oracleAllows(before, access, path)).toBe(false);
          }
          const missed = PATHS.flatMap((path) =>
            (['read', 'write'] as const)
              .filter(
                (access) =>
                  oracleAllows(after, access, path) && !oracleAllows(before, access, path),
              )
              .map((access) => `${access} ${path}`),
          );
          if (missed.length > 0) expect([missed, widenings.length]).not.toEqual([missed, 0]);
        },
      ),
      RUNS,
    );
  });
});
