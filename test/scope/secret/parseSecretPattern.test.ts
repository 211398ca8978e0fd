import { describe, expect, it } from 'vitest';
import { parseSecretPattern } from '../../../src/scope/secret/parseSecretPattern.js';

const PREFIX_RULE =
  'a secret prefix must be 1–128 letters, digits, "_", "." or "-" followed by one "*", such as SLACK_*';
const NAME_RULE =
  'a secret name must be 1–128 letters, digits, "_", "." or "-"; use a trailing "*" for a prefix';

describe('parseSecretPattern', () => {
  it('parses a name as an exact pattern', () => {
    expect(parseSecretPattern('SLACK_TOKEN')).toEqual({
      ok: true,
      value: { kind: 'exact', name: 'SLACK_TOKEN' },
    });
  });

  it('parses a name followed by "*" as a prefix pattern', () => {
    expect(parseSecretPattern('SLACK_*')).toEqual({
      ok: true,
      value: { kind: 'prefix', prefix: 'SLACK_' },
    });
  });

  it('parses a lone "*" as the empty prefix, matching every name', () => {
    expect(parseSecretPattern('*')).toEqual({ ok: true, value: { kind: 'prefix', prefix: '' } });
  });

  it('accepts a name of 128 characters and a prefix of 128 characters before the "*"', () => {
    expect(parseSecretPattern('x'.repeat(128)).ok).toBe(true);
    expect(parseSecretPattern(`${'x'.repeat(128)}*`).ok).toBe(true);
  });

  it.each([
    ['SLACK**', PREFIX_RULE],
    ['**', PREFIX_RULE],
    ['a b*', PREFIX_RULE],
    [`${'x'.repeat(129)}*`, PREFIX_RULE],
    ['*X', NAME_RULE],
    ['A*B', NAME_RULE],
    ['a b', NAME_RULE],
    ['', NAME_RULE],
    ['x'.repeat(129), NAME_RULE],
    ['TOKEN\n', NAME_RULE],
  ])('refuses %j', (text, problem) => {
    expect(parseSecretPattern(text)).toEqual({ ok: false, problem });
  });

  it('refuses a value that is not a string', () => {
    expect(parseSecretPattern(1)).toEqual({
      ok: false,
      problem: 'a secret entry must be a string',
    });
    expect(parseSecretPattern(null)).toEqual({
      ok: false,
      problem: 'a secret entry must be a string',
    });
  });
});
