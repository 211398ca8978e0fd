import { describe, expect, it } from 'vitest';
import { escapePointer } from '../../src/data/escapePointer.js';

describe('escapePointer', () => {
  it.each([
    ['plain', 'plain'],
    ['a/b', 'a~1b'],
    ['a~b', 'a~0b'],
    ['~/', '~0~1'],
    ['~1', '~01'],
    ['', ''],
  ])('escapes %j as %j', (segment, expected) => {
    expect(escapePointer(segment)).toBe(expected);
  });
});
