import { describe, expect, it } from 'vitest';
import { toAbsoluteRawPath } from '../../../src/scope/path/toAbsoluteRawPath.js';

describe('toAbsoluteRawPath', () => {
  it('keeps an absolute path exactly as written, dots and double slashes included', () => {
    expect(toAbsoluteRawPath('/srv/project/link/../x//y/./')).toEqual({
      ok: true,
      value: '/srv/project/link/../x//y/./',
    });
  });

  it('joins a relative path to the cwd with "/" without normalizing', () => {
    expect(toAbsoluteRawPath('link/../x', '/srv/project')).toEqual({
      ok: true,
      value: '/srv/project/link/../x',
    });
    expect(toAbsoluteRawPath('../../x', '/srv/./project')).toEqual({
      ok: true,
      value: '/srv/./project/../../x',
    });
  });

  it('does not double the slash when the cwd ends with one', () => {
    expect(toAbsoluteRawPath('x', '/')).toEqual({ ok: true, value: '/x' });
    expect(toAbsoluteRawPath('x', '/srv/')).toEqual({ ok: true, value: '/srv/x' });
  });

  it('refuses exactly what canonicalizePath refuses', () => {
    const cases: [unknown, unknown, RegExp][] = [
      ['', '/srv', /must not be empty/],
      ['/a\\b', undefined, /backslash/],
      ['/a\0b', undefined, /NUL/],
      [7, '/srv', /must be a string/],
      ['a', undefined, /needs an absolute cwd/],
      ['a', 'srv', /needs an absolute cwd/],
      ['a', '/s\\rv', /cwd must not contain a backslash/],
    ];
    for (const [value, cwd, problem] of cases) {
      const result = toAbsoluteRawPath(value, cwd);
      expect(result.ok ? 'allowed' : result.problem).toMatch(problem);
    }
  });
});
