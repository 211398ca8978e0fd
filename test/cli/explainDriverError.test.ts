import { describe, expect, it } from 'vitest';
import { explainDriverError } from '../../src/cli/commands/explainDriverError.js';

const coded = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('explainDriverError', () => {
  it('names the missing package and what to do instead, for ESM and CommonJS loads', () => {
    for (const error of [
      coded('ERR_MODULE_NOT_FOUND', "Cannot find package 'better-sqlite3' imported from /x/cli.js"),
      coded('MODULE_NOT_FOUND', "Cannot find module 'better-sqlite3'\nRequire stack: …"),
    ])
      expect(explainDriverError(error, 'better-sqlite3', 'use --records jsonl:PATH')).toBe(
        'the package better-sqlite3 is not installed (an optional dependency of toolgate with a native build, so an install can end without it): install it beside toolgate (npm install better-sqlite3; for a global toolgate, npm install -g better-sqlite3), or use --records jsonl:PATH',
      );
    expect(
      explainDriverError(
        coded('ERR_MODULE_NOT_FOUND', "Cannot find package 'pg' imported from /x/cli.js"),
        'pg',
        'do that',
      ),
    ).toContain('the package pg is not installed (an optional peer of toolgate)');
  });

  it('tells a missing or foreign native build from a missing package', () => {
    const text = explainDriverError(
      new Error('Could not locate the bindings file. Tried:\n → /a/build/better_sqlite3.node'),
      'better-sqlite3',
      'use jsonl',
    );
    expect(text).toBe(
      'the package better-sqlite3 is installed but its native build is missing or was made for another Node.js (Could not locate the bindings file. Tried:): rebuild it where toolgate is installed (npm rebuild better-sqlite3, or npm rebuild -g better-sqlite3; npm may need --allow-scripts=better-sqlite3), or use jsonl',
    );
    expect(
      explainDriverError(
        new Error(
          'The module was compiled against a different Node.js version using NODE_MODULE_VERSION 127.',
        ),
        'better-sqlite3',
        'x',
      ),
    ).toMatch(/^the package better-sqlite3 is installed but its native build/);
  });

  it('says nothing of other errors: another missing package, a bad file, a non-error', () => {
    for (const error of [
      coded('ERR_MODULE_NOT_FOUND', "Cannot find package 'zod' imported from /x/cli.js"),
      coded('SQLITE_CANTOPEN', 'unable to open database file'),
      new Error('file is not a database'),
      'better-sqlite3',
      null,
      undefined,
    ])
      expect(explainDriverError(error, 'better-sqlite3', 'x')).toBeUndefined();
    // A pg error never reads as a native build problem.
    expect(explainDriverError(new Error('NODE_MODULE_VERSION 1'), 'pg', 'x')).toBeUndefined();
  });
});
