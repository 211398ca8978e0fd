import { describe, expect, it } from 'vitest';
import { normalizeAbsolutePath } from '../../../src/scope/path/normalizeAbsolutePath.js';

describe('normalizeAbsolutePath', () => {
  it.each([
    ['/a/./b//c', '/a/b/c'],
    ['/a/b/../c', '/a/c'],
    ['/../a', '/a'],
    ['/a/b/', '/a/b'],
    ['//', '/'],
    ['/a/..', '/'],
    ['/a/%2e%2e/b', '/a/%2e%2e/b'],
    ['/a/.../b', '/a/.../b'],
    ['/', '/'],
    ['/srv/project/a.md', '/srv/project/a.md'],
  ])('canonicalizes %s to %s', (input, expected) => {
    expect(normalizeAbsolutePath(input)).toBe(expected);
  });
});
