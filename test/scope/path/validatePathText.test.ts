import { describe, expect, it } from 'vitest';
import { validatePathText } from '../../../src/scope/path/validatePathText.js';

describe('validatePathText', () => {
  it('returns the text exactly as written', () => {
    expect(validatePathText(' ./a b/%2e ', 'a path')).toEqual({ ok: true, value: ' ./a b/%2e ' });
  });

  it('names the subject in each problem', () => {
    expect(validatePathText('', 'a thing')).toEqual({
      ok: false,
      problem: 'a thing must not be empty; pass an absolute path such as "/srv/project/file.txt"',
    });
    expect(validatePathText(3, 'a thing')).toEqual({
      ok: false,
      problem: 'a thing must be a string, not a number; pass the path as text',
    });
    expect(validatePathText('a\0', 'a thing')).toEqual({
      ok: false,
      problem:
        'a thing must not contain a NUL character (the OS would cut the path short); remove it',
    });
    expect(validatePathText('a\\', 'a thing')).toEqual({
      ok: false,
      problem: 'a thing must not contain a backslash (an ambiguous separator); use "/"',
    });
  });
});
