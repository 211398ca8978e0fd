import fc from 'fast-check';
import { Minimatch } from 'minimatch';
import { afterEach, describe, expect, it } from 'vitest';
import { matchGlobRows } from '../../../src/scope/folder/matchGlobRows.js';
import { FOLDER_GLOB_OPTIONS } from '../../../src/scope/folder/parseFolderDeny.js';
import { runs } from '../../helpers/testEnv.js';

const compile = (glob: string) => new Minimatch(glob, FOLDER_GLOB_OPTIONS);

/** Path segments from a small alphabet, so globs and paths meet often. */
const NAMES = ['a', 'b', 'ab', '.env', '.git', 'x.pem', 'é', 'A'];
// "." and ".." never reach the gate's matcher (paths are canonical), but ** must still not take them.
const aSegment = fc.constantFrom(...NAMES, '.', '..');
/** Glob segments: literals, `*`, `?`, classes, braces, `**`, partial wildcards. */
const aGlobSegment = fc.constantFrom(
  ...NAMES,
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

  it('matches paths deeper than its reused buffers, the same as minimatch', () => {
    const deep = `/${Array.from({ length: 70 }, (_, index) => `d${String(index % 3)}`).join('/')}`;
    for (const glob of ['/**/d1', '/d0/**/d0', '/d0/**', '/*/d1/**/d2', '/**/d3']) {
      const compiled = compile(glob);
      expect(matchGlobRows(compiled.set, deep), glob).toBe(compiled.match(deep));
      expect(matchGlobRows(compiled.set, `${deep}/x`), glob).toBe(compiled.match(`${deep}/x`));
    }
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
