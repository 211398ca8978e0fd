import { describe, expect, it } from 'vitest';
import { describeCharacter } from '../../../src/scope/host/describeCharacter.js';
import { findForbiddenCharacter } from '../../../src/scope/host/findForbiddenCharacter.js';

describe('findForbiddenCharacter and describeCharacter', () => {
  it('finds nothing in plain text', () => {
    expect(findForbiddenCharacter('example.com:443', '@')).toBeUndefined();
  });

  it.each([
    ['a b', ' ', 'a space'],
    ['a\nb', '\n', 'a control character (U+000A)'],
    ['a\u0000b', '\u0000', 'a control character (U+0000)'],
    ['a\u001fb', '\u001f', 'a control character (U+001F)'],
    ['a\u007fb', '\u007f', 'a control character (U+007F)'],
    ['a@b', '@', '"@"'],
  ])('finds the first refused character of %j', (text, character, description) => {
    expect(findForbiddenCharacter(text, '@')).toBe(character);
    expect(describeCharacter(character)).toBe(description);
  });

  it('does not refuse non-ASCII letters', () => {
    expect(findForbiddenCharacter('bücher.de', '@')).toBeUndefined();
  });
});
