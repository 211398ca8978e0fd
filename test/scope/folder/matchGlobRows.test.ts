import fc from 'fast-check';
import { Minimatch } from 'minimatch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchGlobRows } from '../../../src/scope/folder/matchGlobRows.js';
import { FOLDER_GLOB_OPTIONS } from '../../../src/scope/folder/parseFolderDeny.js';
import { runs } from '../../helpers/testEnv.js';

const compile = (glob: string) => new Minimatch(glob, FOLDER_GLOB_OPTIONS);

/** Path segments from a small alphabet, so globs and paths meet often. */
const NAMES = ['a', 'b', 'ab', '.env', '.git', 'x.pem', 'é', 'A'];
// "." and ".." never reach the gate's matcher (paths are canonical), but ** must still not take them.
const aSegment = fc.constantFrom(...NAMES, '.', '..');
/** Glob segments: literals (`.` and `..` too, where ** stops), `*`, `?`, classes, braces, `**`, partial wildcards. */
const aGlobSegment = fc.constantFrom(
  ...NAMES,
  '.',
  '..',
  '*',
  '**',
  '?',
  '??',
  'a*',
  '*b',
  '*.pem',
  '.*',
  '[ab]',
  '[!a]',
  '{a,b}',
  '{a,.env}',
  '{a,b/a}',
  'a?',
);
const aGlob = fc
  .tuple(fc.boolean(), fc.array(aGlobSegment, { minLength: 1, maxLength: 5 }))
  .map(([absolute, segments]) => `${absolute ? '/' : ''}${segments.join('/')}`);
const aPath = fc
  .tuple(fc.boolean(), fc.array(aSegment, { minLength: 1, maxLength: 6 }))
  .map(([absolute, segments]) => `${absolute ? '/' : ''}${segments.join('/')}`);

describe('matchGlobRows', () => {
  afterEach(() => {
    Reflect.deleteProperty(Array.prototype, '0');
    Reflect.deleteProperty(Array.prototype, '1');
  });

  it('reads ** as zero or more segments, and at the end as one or more', () => {
    const cases: [string, string, boolean][] = [
      ['dir/**', 'dir', false],
      ['dir/**', 'dir/x', true],
      ['dir/**', 'dir/x/y', true],
      ['**/.env', '.env', true],
      ['**/.env', 'a/b/.env', true],
      ['a/**/b', 'a/b', true],
      ['a/**/b', 'a/x/y/b', true],
      ['**/b/**', 'b', false],
      ['**/b/**', 'b/c', true],
      ['/srv/app/.git/**', '/srv/app/.git', false],
      ['/srv/app/.git/**', '/srv/app/.git/config', true],
      ['/srv/app/.git', '/srv/app/.git', true],
      ['config/{prod,stage}/**', 'config/stage/k', true],
      ['config/{prod,stage}/**', 'config/dev/k', false],
      ['*.pem', 'x.pem', true],
      ['*.pem', 'a/x.pem', false],
      // ** takes no segment here (the next is `.` or `..`, which it never takes); the next part does.
      ['a/**/..', 'a/..', true],
      ['a/**/.', 'a/.', true],
      ['**/..', '..', true],
      ['a/**/b', 'a/../b', false],
    ];
    for (const [glob, path, expected] of cases)
      expect(matchGlobRows(compile(glob).set, path), `${glob} ${path}`).toBe(expected);
  });

  it('gives the answer Minimatch.match gives, over generated globs and paths (property)', () => {
    fc.assert(
      fc.property(aGlob, aPath, (glob, path) => {
        const compiled = compile(glob);
        expect(matchGlobRows(compiled.set, path)).toBe(compiled.match(path));
      }),
      { numRuns: runs(20_000) },
    );
  });

  it('matches paths deeper than its reused buffers, the same as minimatch, as the buffers grow', async () => {
    // A fresh copy of the module, so its buffers start at their first size whatever ran before
    // (they are module state, grown once and kept: a test that ran after a deeper one would not
    // see them grow).
    vi.resetModules();
    const fresh = await import('../../../src/scope/folder/matchGlobRows.js');
    const globs = ['/**/d0', '/**/d1', '/**/d2', '/d0/**', '/d0/**/d2', '/*/d1/**/d2', '/**/d3'];
    let matched = 0;
    // Each depth past the buffers, once just past, once far past (a jump beyond double their size).
    for (const depth of [30, 31, 32, 40, 70, 200, 1000]) {
      const deep = `/${Array.from({ length: depth }, (_, index) => `d${String(index % 3)}`).join('/')}`;
      for (const glob of globs) {
        const compiled = compile(glob);
        for (const path of [deep, `${deep}/x`]) {
          const expected = compiled.match(path);
          expect(fresh.matchGlobRows(compiled.set, path), `${glob} ${String(depth)}`).toBe(
            expected,
          );
          if (expected) matched++;
        }
      }
    }
    // Not vacuous: the deepest segments decide several of these.
    expect(matched).toBeGreaterThan(14);
  });

  it('answers no for a glob row with no parts, which minimatch never builds (not a throw)', () => {
    for (const path of ['a', '', '/', '/a/b']) expect(matchGlobRows([[]], path), path).toBe(false);
  });

  it('answers the same with Array.prototype polluted, where Minimatch.match throws', () => {
    const below = compile('secrets/*/**');
    const clean = [matchGlobRows(below.set, 'secrets/a/b'), matchGlobRows(below.set, 'README.md')];
    expect(clean).toEqual([true, false]);
    Object.defineProperty(Array.prototype, '0', {
      value: '/etc/passwd',
      configurable: true,
      writable: true,
    });
    Object.defineProperty(Array.prototype, '1', {
      value: '**',
      configurable: true,
      writable: true,
    });
    // minimatch 11's globstar matching reads a hole and throws here (the bug this replaces).
    expect(() => below.match('secrets/a/b')).toThrow(TypeError);
    expect([
      matchGlobRows(below.set, 'secrets/a/b'),
      matchGlobRows(below.set, 'README.md'),
    ]).toEqual(clean);
  });
});
