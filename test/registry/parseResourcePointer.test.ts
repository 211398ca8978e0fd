import { describe, expect, it } from 'vitest';
import { parseResourcePointer, WILDCARD } from '../../src/registry/parseResourcePointer.js';

const segmentsOf = (at: unknown) => {
  const result = parseResourcePointer(at);
  return result.ok ? result.value : result.problem;
};

describe('parseResourcePointer', () => {
  it.each([
    ['/path', ['path']],
    ['/a/b/c', ['a', 'b', 'c']],
    ['/files/*/name', ['files', WILDCARD, 'name']],
    ['/*', [WILDCARD]],
    ['/a~1b', ['a/b']],
    ['/c~0d', ['c~d']],
    ['/~01', ['~1']],
    ['/~10', ['/0']],
    ['/', ['']],
    ['/a//b', ['a', '', 'b']],
    ['/**', ['**']],
    ['/~0*', ['~*']],
    ['/0', ['0']],
  ])('parses %j into its unescaped segments', (at, expected) => {
    expect(segmentsOf(at)).toEqual(expected);
  });

  it.each(['', 'path', '*', '#/path', ' /path'])(
    'refuses %j, which does not start with "/"',
    (at) => {
      expect(segmentsOf(at)).toBe('"at" must be a JSON Pointer starting with "/", such as "/path"');
    },
  );

  it.each(['/a~', '/a~2', '/~~0', '/ok/~x'])(
    'refuses %j, which has a "~" not followed by 0 or 1',
    (at) => {
      expect(segmentsOf(at)).toBe(
        '"~" in a JSON Pointer must be written "~0" ("~1" stands for "/")',
      );
    },
  );

  it('refuses a pointer that is not a string', () => {
    for (const at of [undefined, null, 1, ['/a']]) {
      expect(segmentsOf(at)).toBe('"at" must be a JSON Pointer starting with "/", such as "/path"');
    }
  });
});
