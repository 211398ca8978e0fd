import { describe, expect, it } from 'vitest';
import { createGrant } from '../../src/grant/createGrant.js';
import { compiledGrantOf } from '../../src/grant/compiledGrant.js';
import type { Grant, GrantSpec } from '../../src/grant/types.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';

const problemsOf = (spec: unknown): readonly string[] =>
  catchToolgateError(() => createGrant(spec as GrantSpec), 'invalid_grant').problems;

const WITH_DENIES: GrantSpec = {
  folders: ['/srv/app/', '!**/.env', { path: '/srv/docs', access: 'read' }, '!/srv/app/.git/**'],
  secrets: ['AWS_*', '!AWS_SECRET_ACCESS_KEY', '!PROD_*'],
};

describe('createGrant with deny entries', () => {
  it('keeps deny entries as written, in the order given, beside canonical roots', () => {
    expect(createGrant(WITH_DENIES)).toStrictEqual({
      tools: [],
      folders: [
        { path: '/srv/app', access: 'write' },
        '!**/.env',
        { path: '/srv/docs', access: 'read' },
        '!/srv/app/.git/**',
      ],
      network: [],
      secrets: ['AWS_*', '!AWS_SECRET_ACCESS_KEY', '!PROD_*'],
    });
  });

  it('is deeply frozen and round-trips through JSON to an equal grant', () => {
    const grant = createGrant(WITH_DENIES);
    expect(Object.isFrozen(grant.folders)).toBe(true);
    expect(Object.isFrozen(grant.secrets)).toBe(true);
    const again: Grant = createGrant(JSON.parse(JSON.stringify(grant)) as GrantSpec);
    expect(again).toStrictEqual(grant);
  });

  it('compiles folder denies once, and not at all for a grant without them', () => {
    expect(
      compiledGrantOf(createGrant(WITH_DENIES))?.folderDenies?.map((deny) => deny.entry),
    ).toEqual(['!**/.env', '!/srv/app/.git/**']);
    expect(compiledGrantOf(createGrant({ folders: ['/srv/app'] }))).not.toHaveProperty(
      'folderDenies',
    );
  });

  it('names every bad deny entry and the rule it breaks', () => {
    expect(
      problemsOf({
        folders: ['/srv', '!', '!a/../b', '!x/', '!**/?(.)env'],
        secrets: ['!', '!a b', '!A**'],
      }),
    ).toEqual([
      'folders[1] !: the glob after "!" is empty',
      'folders[2] !a/../b: the glob has a "." or ".." segment; paths are canonical, so write the glob without them',
      'folders[3] !x/: the glob ends with "/"; write "!dir" to deny a folder and everything under it',
      'folders[4] !**/?(.)env: the glob uses the extglob "?(…)"; folder deny globs take literal segments, *, **, ?, [classes] and {a,b} braces: write each alternative as a deny entry of its own, or with braces',
      'secrets[0] !: after "!": a secret name must be 1–128 letters, digits, "_", "." or "-"; use a trailing "*" for a prefix',
      'secrets[1] !a b: after "!": a secret name must be 1–128 letters, digits, "_", "." or "-"; use a trailing "*" for a prefix',
      'secrets[2] !A**: after "!": a secret prefix must be 1–128 letters, digits, "_", "." or "-" followed by one "*", such as SLACK_*',
    ]);
  });

  it('refuses a deny written as a folder object: a deny is a string', () => {
    expect(problemsOf({ folders: [{ path: '!/srv/.env' }] })).toEqual([
      'folders[0] !/srv/.env: a folder root must be an absolute POSIX path starting with "/"; write it in full, such as "/srv/project"',
    ]);
  });

  it('accepts callsPerTurn in budgets, a whole number of 0 or more', () => {
    expect(createGrant({ budgets: { callsPerTurn: 3 } }).budgets).toEqual({ callsPerTurn: 3 });
    expect(problemsOf({ budgets: { callsPerTurn: -1 } })).toEqual([
      'budgets.callsPerTurn -1 must be a whole number of 0 or more',
    ]);
  });
});
