import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFolderDeny } from '../../../src/scope/folder/parseFolderDeny.js';
import { runs } from '../../helpers/testEnv.js';

describe('parseFolderDeny', () => {
  it('keeps the entry as written and tells absolute globs from relative ones', () => {
    const absolute = parseFolderDeny('!/srv/app/.git/**');
    const relative = parseFolderDeny('!*.pem');
    expect(absolute).toMatchObject({
      ok: true,
      value: { entry: '!/srv/app/.git/**', absolute: true },
    });
    expect(relative).toMatchObject({ ok: true, value: { entry: '!*.pem', absolute: false } });
  });

  it.each([
    ['!', 'the glob after "!" is empty'],
    ['!dir/', 'the glob ends with "/"; write "!dir" to deny a folder and everything under it'],
    [
      '!a//b',
      'the glob has an empty segment ("//"); paths are canonical, so it would match nothing',
    ],
    [
      '!//a',
      'the glob has an empty segment ("//"); paths are canonical, so it would match nothing',
    ],
    [
      '!a/../b',
      'the glob has a "." or ".." segment; paths are canonical, so write the glob without them',
    ],
    [
      '!./a',
      'the glob has a "." or ".." segment; paths are canonical, so write the glob without them',
    ],
    ['!a\0b', 'the glob contains a NUL character'],
    ['!a\\', 'the glob ends with a lone "\\" that escapes nothing'],
    // An escaped "\\" then one more: the last still escapes nothing.
    ['!a\\\\\\', 'the glob ends with a lone "\\" that escapes nothing'],
    ['!\\', 'the glob ends with a lone "\\" that escapes nothing'],
    [`!${'x'.repeat(4097)}`, 'the glob is longer than 4096 characters'],
    [`!${'x'.repeat(5000)}`, 'the glob is longer than 4096 characters'],
    ['/srv/app', 'a folder deny entry is "!" followed by a glob, such as "!**/.env"'],
    [42, 'a folder deny entry is "!" followed by a glob, such as "!**/.env"'],
  ])('refuses %j: %s', (entry, problem) => {
    expect(parseFolderDeny(entry)).toEqual({ ok: false, problem });
  });

  it('takes an even run of trailing "\\" (each pair one literal "\\") and a glob of exactly 4096 characters', () => {
    const one = parseFolderDeny('!a\\\\');
    expect(one.ok && one.value.self.match('a\\')).toBe(true);
    const two = parseFolderDeny('!a\\\\\\\\');
    expect(two.ok && two.value.self.match('a\\\\')).toBe(true);
    const longest = parseFolderDeny(`!${'x'.repeat(4096)}`);
    expect(longest.ok && longest.value.self.match(`d/${'x'.repeat(4096)}`)).toBe(true);
  });

  it('refuses any odd trailing run of "\\" and reads an even one as half as many literal "\\" (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9.]{1,6}$/).filter((name) => name !== '.' && name !== '..'),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 9 }),
        (stem, run, named) => {
          const result = parseFolderDeny(`!${stem}${'\\'.repeat(run)}`);
          if (run % 2 === 1) {
            expect(result).toEqual({
              ok: false,
              problem: 'the glob ends with a lone "\\" that escapes nothing',
            });
            return;
          }
          // Each pair is one literal "\\": the deny takes the name with exactly half as many.
          expect(result.ok).toBe(true);
          const path = `d/${stem}${'\\'.repeat(named)}`;
          expect(result.ok && result.value.self.match(path)).toBe(named === run / 2);
        },
      ),
      { numRuns: runs(300) },
    );
  });

  const extglob = (marker: string) =>
    `the glob uses the extglob "${marker}(…)"; folder deny globs take literal segments, *, **, ?, [classes] and {a,b} braces: write each alternative as a deny entry of its own, or with braces`;

  it.each([
    ['!**/.ssh/@(id_rsa|id_ed25519)', '@'],
    ['!**/?(.)env', '?'],
    ['!**/+(a)', '+'],
    ['!**/*(a).pem', '*'],
    ['!a/!(keep)', '!'],
    ['!/srv/@(x)/**', '@'],
    // An unclosed "[" is a literal: the scan goes on past it.
    ['!**/[a@(x)', '@'],
    // A class ends at its own "]": what follows is read again.
    ['!**/[ab]+(x)', '+'],
  ])(
    'refuses the extglob in %j (SPEC §14.3), naming it and the syntax allowed',
    (entry, marker) => {
      expect(parseFolderDeny(entry)).toEqual({ ok: false, problem: extglob(marker) });
    },
  );

  it.each([
    '!**/\\?(x)',
    '!**/[*(]',
    '!**/[ab*(]',
    '!**/]/[a*(]',
    '!**/(notes)',
    '!**/{a,b}.pem',
    '!**/[Ss]ecrets/**',
    '!**/a?c',
  ])(
    'keeps %j: no extglob (escaped, inside a class, a bare parenthesis, braces, a class, "?")',
    (entry) => {
      expect(parseFolderDeny(entry).ok).toBe(true);
    },
  );

  it('treats "#" and a second "!" as literal characters, not a comment or a negation', () => {
    const comment = parseFolderDeny('!#notes');
    const negated = parseFolderDeny('!!x');
    expect(comment.ok && comment.value.self.match('a/#notes')).toBe(true);
    expect(negated.ok && negated.value.self.match('!x')).toBe(true);
    expect(negated.ok && negated.value.self.match('y')).toBe(false);
  });
});
