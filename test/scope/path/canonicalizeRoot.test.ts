import { describe, expect, it } from 'vitest';
import { canonicalizeRoot } from '../../../src/scope/path/canonicalizeRoot.js';

describe('canonicalizeRoot', () => {
  it('canonicalizes an absolute root like a call path', () => {
    expect(canonicalizeRoot('/srv//project/./out/')).toEqual({
      ok: true,
      value: '/srv/project/out',
    });
    expect(canonicalizeRoot('/srv/project/sub/..')).toEqual({ ok: true, value: '/srv/project' });
  });

  it('accepts the root "/"', () => {
    expect(canonicalizeRoot('/')).toEqual({ ok: true, value: '/' });
  });

  it('keeps %2e%2e and ~ literal', () => {
    expect(canonicalizeRoot('/srv/%2e%2e/~')).toEqual({ ok: true, value: '/srv/%2e%2e/~' });
  });

  it('refuses a relative root, even one that looks like home', () => {
    for (const root of ['srv/project', './srv', '../srv', '~/project', '.']) {
      const result = canonicalizeRoot(root);
      expect(result.ok).toBe(false);
      expect(result.ok ? '' : result.problem).toBe(
        'a folder root must be an absolute POSIX path starting with "/"; write it in full, such as "/srv/project"',
      );
    }
  });

  it('refuses a backslash, a NUL, the empty string and non-strings, naming the folder root', () => {
    const cases: [unknown, RegExp][] = [
      ['C:\\srv', /^a folder root must not contain a backslash/],
      ['/srv\\project', /^a folder root must not contain a backslash/],
      ['/srv/\0', /^a folder root must not contain a NUL/],
      ['', /^a folder root must not be empty/],
      [undefined, /^a folder root must be a string, not a undefined/],
      [null, /^a folder root must be a string, not null/],
      [['/srv'], /^a folder root must be a string, not an array/],
    ];
    for (const [root, problem] of cases) {
      const result = canonicalizeRoot(root);
      expect(result.ok ? 'allowed' : result.problem).toMatch(problem);
    }
  });
});
