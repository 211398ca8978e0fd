import fc from 'fast-check';
import { describe, it } from 'vitest';
import {
  PATHS,
  RUNS,
  SECRETS,
  SECRET_ENTRIES,
  folderEntry,
  grant,
  list,
  pair,
  expectScopeLaw,
  readAndWrite,
} from './compareUniverse.js';

describe('compareGrants laws', () => {
  it('folders: every witness is allowed by after and refused by before; none missed', () => {
    fc.assert(
      fc.property(
        pair(grant(list(folderEntry).map((folders) => ({ folders })))),
        ([before, after]) => {
          expectScopeLaw(before, after, 'folder', readAndWrite(PATHS));
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
        expectScopeLaw(
          before,
          after,
          'secret',
          SECRETS.map((name) => ['secret', name] as const),
        );
      }),
      RUNS,
    );
  });
});
