import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatToolRef } from '../../src/registry/formatToolRef.js';
import { findRefProblem, parseToolRef } from '../../src/registry/parseToolRef.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';

/** An arbitrary valid tool name: 1–4 segments, each a letter then word characters or "-". */
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const segment = fc
  .tuple(
    fc.constantFrom(...Array.from(LETTERS)),
    fc.string({ unit: fc.constantFrom(...Array.from(`${LETTERS}0123456789_-`)), maxLength: 20 }),
  )
  .map(([first, rest]) => first + rest);
const toolName = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/'));
const version = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });

describe('parseToolRef', () => {
  it.each([
    ['fs-read@1', 'fs-read', 1],
    ['slack/search@1', 'slack/search', 1],
    ['a/b/c/d@42', 'a/b/c/d', 42],
    ['Web_Search@10', 'Web_Search', 10],
    ['x@9007199254740991', 'x', Number.MAX_SAFE_INTEGER],
  ])('parses %j into its name and version', (text, name, expectedVersion) => {
    expect(parseToolRef(text)).toEqual({ name, version: expectedVersion });
  });

  it('takes the version after the last "@", so "a@b@1" has the invalid name "a@b" and throws', () => {
    const error = catchToolgateError(() => parseToolRef('a@b@1'), 'invalid_ref');
    expect(error.message).toContain('the name must be 1–4 segments');
  });

  it('does not read the version after the first "@" when the text after the last one is not a number', () => {
    catchToolgateError(() => parseToolRef('a@1@b'), 'invalid_ref');
  });

  it.each([
    ['slack/search', 'no "@" at all'],
    ['slack/search@', 'an empty version'],
    ['@1', 'an empty name'],
    ['slack/search@0', 'version zero'],
    ['slack/search@01', 'a leading zero in the version'],
    ['slack/search@00', 'only zeros'],
    ['slack/search@+1', 'a plus sign'],
    ['slack/search@-1', 'a minus sign'],
    ['slack/search@1.0', 'a decimal point'],
    ['slack/search@1.5', 'a fraction'],
    ['slack/search@1e3', 'an exponent'],
    ['slack/search@0x10', 'hex digits'],
    ['slack/search@ 1', 'a space before the version'],
    ['slack/search@1 ', 'a space after the version'],
    ['slack/search@1\n', 'a trailing newline'],
    ['slack/search@١', 'a non-ASCII digit'],
    ['slack/search@Infinity', 'Infinity'],
    ['slack/search@9007199254740992', 'a version above MAX_SAFE_INTEGER'],
    ['slack/search@99999999999999999999', 'a version far above MAX_SAFE_INTEGER'],
    [' slack/search@1', 'a space before the name'],
    ['Slack Search@1', 'a space in the name'],
    ['1slack@1', 'a name starting with a digit'],
    ['slack//search@1', 'an empty segment'],
    ['/slack@1', 'a leading slash'],
    ['slack/@1', 'a trailing slash'],
    ['a/b/c/d/e@1', 'five segments'],
    ['slack.search@1', 'a dot in the name'],
    [`${'a'.repeat(129)}@1`, 'a name of 129 characters'],
  ])('refuses %j (%s) with invalid_ref', (text) => {
    catchToolgateError(() => parseToolRef(text), 'invalid_ref');
  });

  it('refuses a ref with a leading zero in the version and quotes the input in the message', () => {
    const error = catchToolgateError(() => parseToolRef('slack/search@01'), 'invalid_ref');
    expect(error.message).toContain('"slack/search@01"');
    expect(error.message).toContain('leading zeros');
  });

  it('quotes the input in the message when the name is wrong', () => {
    const error = catchToolgateError(() => parseToolRef('9lives@2'), 'invalid_ref');
    expect(error.message).toContain('"9lives@2"');
  });

  it('refuses a non-string input, as a caller without types could pass one', () => {
    catchToolgateError(() => parseToolRef(1 as unknown as string), 'invalid_ref');
    catchToolgateError(() => parseToolRef(undefined as unknown as string), 'invalid_ref');
  });

  it('accepts a name of exactly 128 characters', () => {
    const name = `a/${'b'.repeat(126)}`;
    expect(parseToolRef(`${name}@3`)).toEqual({ name, version: 3 });
  });

  it('round-trips every valid name and version through formatToolRef', () => {
    fc.assert(
      fc.property(toolName, version, (name, v) => {
        fc.pre(name.length <= 128);
        expect(parseToolRef(formatToolRef({ name, version: v }))).toEqual({ name, version: v });
      }),
    );
  });

  it('accepts a version text exactly when it is the decimal form of a positive safe integer', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\d+\-.e x]{0,20}$/), (text) => {
        const value = Number(text);
        const canonical = Number.isSafeInteger(value) && value > 0 && String(value) === text;
        let parsed: number | undefined;
        try {
          parsed = parseToolRef(`a@${text}`).version;
        } catch {
          parsed = undefined;
        }
        expect(parsed).toBe(canonical ? value : undefined);
      }),
    );
  });
});

describe('findRefProblem', () => {
  it('finds no problem in a valid ref', () => {
    expect(findRefProblem('slack/search@1')).toBeUndefined();
  });

  it.each([
    [42, 'a ref must be a string'],
    ['slack/search', 'add the version'],
    ['slack/search@v1', 'the version after the last "@"'],
    ['a@b@1', 'the name must be'],
  ])('says what is wrong with %j', (input, expected) => {
    expect(findRefProblem(input)).toContain(expected);
  });
});
