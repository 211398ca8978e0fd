import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSecretMatcher } from '../../../src/scope/secret/compileSecretMatcher.js';
import {
  parseSecretPattern,
  type SecretPattern,
} from '../../../src/scope/secret/parseSecretPattern.js';

const pattern = (text: string): SecretPattern => {
  const result = parseSecretPattern(text);
  if (!result.ok) throw new Error(result.problem);
  return result.value;
};
const matcherOf = (...texts: string[]) => compileSecretMatcher(texts.map(pattern));

/** The matching rule written out independently: exact equality, or a prefix before a trailing "*". */
const oracle = (entries: readonly string[], name: string): boolean =>
  entries.some((entry) =>
    entry.endsWith('*') ? name.startsWith(entry.slice(0, -1)) : entry === name,
  );

const secretChar = fc.constantFrom(...'AaBb_.-0'.split(''));
const secretName = fc.string({ unit: secretChar, minLength: 1, maxLength: 6 });
const entry = fc.oneof(
  secretName,
  secretName.map((name) => `${name}*`),
  fc.constant('*'),
);

describe('compileSecretMatcher', () => {
  it('matches nothing when no pattern is given', () => {
    const matcher = matcherOf();
    expect(matcher.matches('SLACK_TOKEN')).toBe(false);
    expect(matcher.matches('')).toBe(false);
  });

  it('matches an exact name only, with no prefix or case folding', () => {
    const matcher = matcherOf('SLACK_TOKEN');
    expect(matcher.matches('SLACK_TOKEN')).toBe(true);
    expect(matcher.matches('SLACK_TOKEN_2')).toBe(false);
    expect(matcher.matches('SLACK_TOKE')).toBe(false);
    expect(matcher.matches('slack_token')).toBe(false);
    expect(matcher.matches('Slack_Token')).toBe(false);
  });

  it('matches a prefix entry by prefix, case-sensitively', () => {
    const matcher = matcherOf('SLACK_*');
    expect(matcher.matches('SLACK_TOKEN')).toBe(true);
    expect(matcher.matches('SLACK_')).toBe(true);
    expect(matcher.matches('SLACK')).toBe(false);
    expect(matcher.matches('slack_token')).toBe(false);
    expect(matcher.matches('XSLACK_TOKEN')).toBe(false);
  });

  it('matches every name with a lone "*"', () => {
    const matcher = matcherOf('*');
    for (const name of ['A', 'slack_token', 'x'.repeat(128)])
      expect(matcher.matches(name)).toBe(true);
  });

  it('adds entries up: a name matches when any entry matches it', () => {
    const matcher = matcherOf('A', 'B_*', 'C');
    expect(['A', 'B_1', 'C', 'D', 'B'].map((name) => matcher.matches(name))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('agrees with an independent oracle on every set of entries and every name', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 5 }), secretName, (entries, name) => {
        expect(matcherOf(...entries).matches(name)).toBe(oracle(entries, name));
      }),
    );
  });

  it('gives the same answers whatever the order of the entries', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 5 }), secretName, (entries, name) => {
        expect(matcherOf(...entries).matches(name)).toBe(
          matcherOf(...[...entries].reverse()).matches(name),
        );
      }),
    );
  });
});
