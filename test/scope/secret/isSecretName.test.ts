import { describe, expect, it } from 'vitest';
import { isSecretName } from '../../../src/scope/secret/isSecretName.js';

describe('isSecretName', () => {
  it.each(['SLACK_TOKEN', 'a', 'github.token-2', '_', '.', '-', '0', 'x'.repeat(128)])(
    'accepts %j',
    (name) => {
      expect(isSecretName(name)).toBe(true);
    },
  );

  it.each([
    ['', 'an empty name'],
    ['x'.repeat(129), '129 characters'],
    ['SLACK TOKEN', 'a space'],
    ['SLACK_*', 'a "*"'],
    ['*', 'a lone "*"'],
    ['a/b', 'a slash'],
    ['a:b', 'a colon'],
    ['TOKEN\n', 'a trailing newline'],
    ['\tTOKEN', 'a tab'],
    ['ÄPI_KEY', 'a non-ASCII letter'],
    ['ＴＯＫＥＮ', 'full-width letters'],
    ['K\u0131Y', 'a dotless i'],
  ])('refuses %j (%s)', (name) => {
    expect(isSecretName(name)).toBe(false);
  });

  it('refuses values that are not strings', () => {
    for (const value of [undefined, null, 1, ['A'], { name: 'A' }])
      expect(isSecretName(value)).toBe(false);
  });
});
