import { describe, expect, it } from 'vitest';
import { isToolName, MAX_TOOL_NAME_LENGTH } from '../../src/registry/isToolName.js';
import { isToolVersion } from '../../src/registry/isToolVersion.js';

describe('isToolName', () => {
  it.each([
    'a',
    'fs-read',
    'slack/search',
    'Slack/Search',
    'a/b/c/d',
    'a1_b-2',
    'x-/y_',
    'a'.repeat(MAX_TOOL_NAME_LENGTH),
  ])('accepts %j', (name) => {
    expect(isToolName(name)).toBe(true);
  });

  it.each([
    ['', 'an empty name'],
    ['1slack', 'a segment starting with a digit'],
    ['_slack', 'a segment starting with "_"'],
    ['-slack', 'a segment starting with "-"'],
    ['slack/1search', 'a later segment starting with a digit'],
    ['a/b/c/d/e', 'five segments'],
    ['slack//search', 'an empty segment'],
    ['/slack', 'a leading slash'],
    ['slack/', 'a trailing slash'],
    ['slack search', 'a space'],
    ['slack.search', 'a dot'],
    ['slack@1', 'an "@"'],
    ['slack\n', 'a trailing newline'],
    ['ßlack', 'a non-ASCII letter'],
    ['ｓlack', 'a full-width letter'],
    ['a'.repeat(MAX_TOOL_NAME_LENGTH + 1), '129 characters'],
    [`a/${'b'.repeat(127)}`, '129 characters over two segments'],
  ])('refuses %j (%s)', (name) => {
    expect(isToolName(name)).toBe(false);
  });

  it('refuses values that are not strings', () => {
    for (const value of [undefined, null, 1, ['a'], { name: 'a' }])
      expect(isToolName(value)).toBe(false);
  });

  it('counts the 128-character limit over the whole name, separators included', () => {
    expect(isToolName(`a/${'b'.repeat(126)}`)).toBe(true);
  });
});

describe('isToolVersion', () => {
  it('accepts positive safe integers', () => {
    for (const value of [1, 2, 10, Number.MAX_SAFE_INTEGER])
      expect(isToolVersion(value)).toBe(true);
  });

  it('refuses zero, negatives, fractions, unsafe integers, NaN and numeric strings', () => {
    for (const value of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN, Infinity, '1']) {
      expect(isToolVersion(value)).toBe(false);
    }
  });
});
