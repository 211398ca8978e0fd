import { describe, expect, it } from 'vitest';
import { canonicalizePath } from '../../../src/scope/path/canonicalizePath.js';

const allowed = (value: unknown, cwd?: unknown): string => {
  const result = canonicalizePath(value, cwd);
  if (!result.ok)
    throw new Error(`expected ${String(value)} to canonicalize, got: ${result.problem}`);
  return result.value;
};

const problemOf = (value: unknown, cwd?: unknown): string => {
  const result = canonicalizePath(value, cwd);
  if (result.ok) throw new Error(`expected a refusal, got ${result.value}`);
  return result.problem;
};

describe('canonicalizePath', () => {
  describe('lexical canonicalization', () => {
    it('keeps an already canonical absolute path as it is', () => {
      expect(allowed('/srv/project/a.txt')).toBe('/srv/project/a.txt');
    });

    it('collapses repeated slashes', () => {
      expect(allowed('//srv///project//a.txt')).toBe('/srv/project/a.txt');
    });

    it('drops "." segments', () => {
      expect(allowed('/srv/./project/./a.txt/.')).toBe('/srv/project/a.txt');
    });

    it('drops a trailing slash', () => {
      expect(allowed('/srv/project/')).toBe('/srv/project');
    });

    it('keeps the root as "/"', () => {
      expect(allowed('/')).toBe('/');
      expect(allowed('///')).toBe('/');
      expect(allowed('/./')).toBe('/');
    });

    it('lets ".." remove one segment, so /srv/project/../etc becomes /srv/etc', () => {
      expect(allowed('/srv/project/../etc')).toBe('/srv/etc');
    });

    it('resolves /srv/project/a/../../etc to /srv/etc', () => {
      expect(allowed('/srv/project/a/../../etc')).toBe('/srv/etc');
    });

    it('never climbs above the root', () => {
      expect(allowed('/../../etc/passwd')).toBe('/etc/passwd');
      expect(allowed('/..')).toBe('/');
    });

    it('treats segments that merely start with dots as names', () => {
      expect(allowed('/srv/...')).toBe('/srv/...');
      expect(allowed('/srv/..foo/.bar')).toBe('/srv/..foo/.bar');
    });
  });

  describe('bytes compare as given', () => {
    it('keeps %2e%2e as a literal segment name (no percent-decoding)', () => {
      expect(allowed('/srv/project/%2e%2e/etc')).toBe('/srv/project/%2e%2e/etc');
      expect(allowed('/srv/project/..%2fetc')).toBe('/srv/project/..%2fetc');
    });

    it('keeps "~" as a literal segment (no home expansion)', () => {
      expect(allowed('~/notes', '/srv/project')).toBe('/srv/project/~/notes');
      expect(allowed('/~')).toBe('/~');
    });

    it('does not fold Unicode forms or case', () => {
      const composed = '/srv/caf\u00e9';
      const decomposed = '/srv/cafe\u0301';
      expect(allowed(composed)).toBe(composed);
      expect(allowed(decomposed)).toBe(decomposed);
      expect(allowed(composed)).not.toBe(allowed(decomposed));
      expect(allowed('/SRV/Project')).toBe('/SRV/Project');
    });
  });

  describe('relative paths', () => {
    it('resolves a relative path against an absolute cwd', () => {
      expect(allowed('docs/a.md', '/srv/project')).toBe('/srv/project/docs/a.md');
      expect(allowed('./docs//a.md', '/srv/project/')).toBe('/srv/project/docs/a.md');
    });

    it('resolves "../../x" with cwd /srv/project to /x, outside the project', () => {
      expect(allowed('../../x', '/srv/project')).toBe('/x');
    });

    it('resolves a relative path against the root cwd', () => {
      expect(allowed('x', '/')).toBe('/x');
    });

    it('canonicalizes a cwd that is itself not canonical', () => {
      expect(allowed('a', '/srv/./project/../other//')).toBe('/srv/other/a');
    });

    it('ignores the cwd for an absolute path, even a junk cwd', () => {
      expect(allowed('/srv/a', 'relative/cwd')).toBe('/srv/a');
      expect(allowed('/srv/a', 42)).toBe('/srv/a');
    });

    it('refuses a relative path without a cwd', () => {
      expect(problemOf('docs/a.md')).toBe(
        'a relative path needs an absolute cwd in the context; pass an absolute path or set cwd',
      );
      expect(problemOf('.', undefined)).toMatch(/needs an absolute cwd/);
    });

    it('refuses a relative path with a relative cwd', () => {
      expect(problemOf('a.md', 'srv/project')).toMatch(/needs an absolute cwd/);
      expect(problemOf('a.md', '')).toMatch(/needs an absolute cwd/);
    });

    it('refuses a relative path with a cwd that is not a string', () => {
      for (const cwd of [null, 42, ['/srv'], { cwd: '/srv' }]) {
        expect(problemOf('a.md', cwd)).toMatch(/needs an absolute cwd/);
      }
    });

    it('refuses a relative path with a cwd containing NUL or a backslash', () => {
      expect(problemOf('a.md', '/srv/\0x')).toMatch(/^the context's cwd must not contain a NUL/);
      expect(problemOf('a.md', '/srv\\x')).toMatch(
        /^the context's cwd must not contain a backslash/,
      );
    });
  });

  describe('refused values', () => {
    it('refuses a backslash anywhere', () => {
      expect(problemOf('/srv/project\\..\\etc')).toBe(
        'a path must not contain a backslash (an ambiguous separator); use "/"',
      );
      expect(problemOf('..\\x', '/srv')).toMatch(/backslash/);
    });

    it('refuses a NUL anywhere', () => {
      expect(problemOf('/srv/project/a.txt\0.png')).toMatch(
        /^a path must not contain a NUL character/,
      );
      expect(problemOf('\0')).toMatch(/NUL/);
    });

    it('refuses the empty string', () => {
      expect(problemOf('', '/srv')).toMatch(/^a path must not be empty/);
    });

    it('refuses values that are not strings', () => {
      for (const value of [
        undefined,
        null,
        0,
        1n,
        true,
        Symbol('p'),
        ['/srv'],
        { path: '/srv' },
        () => '/',
      ]) {
        expect(problemOf(value, '/srv')).toMatch(/^a path must be a string/);
      }
    });
  });
});
