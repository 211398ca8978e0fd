import { describe, expect, it } from 'vitest';
import { findMatchingSecretPattern } from '../../../src/scope/secret/findMatchingSecretPattern.js';
import { parseSecretPattern, type SecretPattern } from '../../../src/scope/secret/index.js';

const patterns = (...texts: string[]): SecretPattern[] =>
  texts.map((text) => {
    const result = parseSecretPattern(text);
    if (!result.ok) throw new Error(result.problem);
    return result.value;
  });

describe('findMatchingSecretPattern', () => {
  it('prefers the exact name, then the longest prefix, then *', () => {
    const all = patterns('*', 'GITHUB_*', 'GITHUB_TOKEN', 'GIT*');
    expect(findMatchingSecretPattern(all, 'GITHUB_TOKEN')).toEqual({
      kind: 'exact',
      name: 'GITHUB_TOKEN',
    });
    expect(findMatchingSecretPattern(all, 'GITHUB_APP')).toEqual({
      kind: 'prefix',
      prefix: 'GITHUB_',
    });
    expect(findMatchingSecretPattern(all, 'NPM_TOKEN')).toEqual({ kind: 'prefix', prefix: '' });
  });

  it('prefers a longer prefix whatever the order, and names the first of equal prefixes', () => {
    const all = patterns('GITHUB_*', 'GIT*', '*', 'GITHUB_*');
    expect(findMatchingSecretPattern(all, 'GITHUB_APP')).toBe(all[0]);
  });

  it('is exact and case-sensitive', () => {
    expect(findMatchingSecretPattern(patterns('GITHUB_*'), 'github_token')).toBeUndefined();
    expect(findMatchingSecretPattern(patterns('GITHUB_TOKEN'), 'GITHUB_TOKEN2')).toBeUndefined();
  });
});
