import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oracleAllows } from '../compare/oracle.js';
import {
  PATHS,
  RUNS,
  SECRETS,
  SECRET_ENTRIES,
  folderEntry,
  grant,
  list,
  pair,
  witnessesOf,
} from './compareUniverse.js';

describe('compareGrants laws', () => {
  it('folders: every witness is allowed by after and refused by before; none missed', () => {
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
            (['read', 'write'] as const).filter(
              (access) => oracleAllows(after, access, path) && !oracleAllows(before, access, path),
            ),
          );
          if (missed.length > 0) expect(widenings.length).toBeGreaterThan(0);
        },
      ),
      RUNS,
    );
  });

  it('secrets: every witness is allowed by after and refused by before; none missed', () => {
    const secrets = list(fc.constantFrom(...SECRET_ENTRIES)).map((entries) => ({
      secrets: entries,
    }));
    fc.assert(
      fc.property(pair(grant(secrets)), ([before, after]) => {
        const widenings = witnessesOf(before, after);
        for (const widening of widenings) {
          expect(widening.kind).toBe('secret');
          if (widening.kind !== 'secret') continue;
          expect(oracleAllows(after, 'secret', widening.witness)).toBe(true);
          expect(oracleAllows(before, 'secret', widening.witness)).toBe(false);
        }
        const missed = SECRETS.some(
          (name) => oracleAllows(after, 'secret', name) && !oracleAllows(before, 'secret', name),
        );
        if (missed) expect(widenings.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });
});
