import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { compileInputSchema } from '../../src/registry/compileInputSchema.js';
import { SHORT_FORMAT_MAX_LENGTH } from '../../src/registry/addLinearFormats.js';
import { isUrlFormat } from '../../src/registry/isUrlFormat.js';
import { toLinearPattern } from '../../src/registry/toLinearPattern.js';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** A validator for `{ v: <property schema> }`, in 2020-12 or draft-07. */
const validatorOf = (property: object, draft?: string): ValidateFunction => {
  const result = compileInputSchema({
    ...(draft === undefined ? {} : { $schema: draft }),
    type: 'object',
    properties: { v: property },
  });
  if (!result.ok) throw new Error(result.problem);
  return result.value;
};
const problemOf = (property: object): string => {
  const result = compileInputSchema({ type: 'object', properties: { v: property } });
  return result.ok ? 'compiled' : result.problem;
};

describe('uniqueItems', () => {
  it.each([undefined, DRAFT_07])(
    'refuses ["__proto__", "__proto__"], which ajv lets through (draft %j)',
    (draft) => {
      const validate = validatorOf({ type: 'array', uniqueItems: true }, draft);
      expect(validate({ v: ['__proto__', '__proto__'] })).toBe(false);
      expect(validate({ v: ['constructor', 'toString', 'constructor'] })).toBe(false);
      expect(validate({ v: ['__proto__', 'constructor'] })).toBe(true);
    },
  );

  it('finds equal objects whatever the order of their keys, and reports ajv’s words', () => {
    const validate = validatorOf({ type: 'array', uniqueItems: true });
    expect(validate({ v: [{ a: 1, b: [2, { c: 3 }] }, 5, { b: [2, { c: 3 }], a: 1 }] })).toBe(
      false,
    );
    expect(validate.errors).toEqual([
      expect.objectContaining({
        instancePath: '/v',
        keyword: 'uniqueItems',
        params: { i: 0, j: 2 },
        message: 'must NOT have duplicate items (items ## 2 and 0 are identical)',
      }),
    ]);
  });

  it('tells apart values that differ in type or nesting', () => {
    const validate = validatorOf({ type: 'array', uniqueItems: true });
    expect(validate({ v: [1, '1', [1], { 1: 1 }, true, 'true', null, 'null', [], {}] })).toBe(true);
    expect(
      validate({
        v: [
          [1, 2],
          [2, 1],
        ],
      }),
    ).toBe(true);
    expect(validate({ v: [1, 1.0] })).toBe(false);
  });

  it('checks nothing when uniqueItems is false', () => {
    expect(validatorOf({ type: 'array', uniqueItems: false })({ v: [1, 1] })).toBe(true);
  });

  it('checks 20,000 distinct objects and one repeat', () => {
    // ajv compares object items pairwise: 2 * 10^8 comparisons here. A Map is one pass.
    const validate = validatorOf({ type: 'array', uniqueItems: true });
    const items = Array.from({ length: 20_000 }, (_, i) => ({ id: i, tags: ['x'] }));
    expect(validate({ v: items })).toBe(true);
    expect(validate({ v: [...items, { tags: ['x'], id: 19_999 }] })).toBe(false);
  });
});

describe('formats', () => {
  it.each([
    ['https://api.example.com/a?b=c#d', true],
    ['http://user:pw@example.com:8080/', true],
    ['ftp://files.example.org/x', true],
    ['HTTPS://EXAMPLE.COM/', true],
    ['http://[::1]/', true],
    ['http:example.com', false],
    ['mailto:a@example.com', false],
    ['file:///etc/passwd', false],
    ['https://exa mple.com/', false],
    [' https://example.com/', false],
    ['https://example.com/\n', false],
    ['https://', false],
    ['https://%zz/', false],
    ['//example.com/', false],
  ])('the url format reads %j as %s', (text, expected) => {
    expect(isUrlFormat(text)).toBe(expected);
    expect(validatorOf({ type: 'string', format: 'url' })({ v: text })).toBe(expected);
  });

  it('checks a 200 KB url-like string in one pass', () => {
    // ajv-formats' url regular expression takes minutes on this (quadratic and worse).
    const validate = validatorOf({ type: 'string', format: 'url' });
    expect(validate({ v: `http://a${'::'.repeat(100_000)}@` })).toBe(false);
    expect(validate({ v: `https://example.com/${'a'.repeat(200_000)}` })).toBe(true);
  });

  it.each([
    ['date', '2026-12-01'],
    ['date-time', '2026-12-01T07:00:00Z'],
    ['time', '07:00:00Z'],
    ['email', 'a@example.com'],
    ['hostname', 'api.example.com'],
    ['ipv4', '10.0.0.1'],
    ['ipv6', '::1'],
    ['uuid', '9b2c4f0e-6a7d-4c1b-8e2f-3d4a5b6c7d8e'],
    ['duration', 'P1D'],
  ])('keeps the %s format, capped in length', (format, good) => {
    const validate = validatorOf({ type: 'string', format });
    expect(validate({ v: good })).toBe(true);
    expect(validate({ v: `${good}!` })).toBe(false);
    expect(validate({ v: 'x'.repeat(SHORT_FORMAT_MAX_LENGTH + 1) })).toBe(false);
  });

  it('keeps formatMinimum for dates', () => {
    const validate = validatorOf({ type: 'string', format: 'date', formatMinimum: '2026-01-01' });
    expect(validate({ v: '2026-06-01' })).toBe(true);
    expect(validate({ v: '2025-06-01' })).toBe(false);
  });

  it('refuses a date-time with more fraction digits than the cap allows', () => {
    const validate = validatorOf({ type: 'string', format: 'date-time' });
    expect(validate({ v: `2026-12-01T07:00:00.${'1'.repeat(300)}Z` })).toBe(false);
  });
});

describe('patterns', () => {
  it('runs a catastrophic pattern in linear time', () => {
    // Native backtracking needs 2^n steps for (a+)+$ on "aaa…!": 40 characters take minutes.
    const validate = validatorOf({ type: 'string', pattern: '(a+)+$' });
    expect(validate({ v: `${'a'.repeat(50_000)}!` })).toBe(false);
    expect(validate({ v: 'xaaa' })).toBe(true);
    const keys = validatorOf({
      type: 'object',
      patternProperties: { '^(a|aa)*$': { type: 'integer' } },
    });
    expect(keys({ v: { [`${'a'.repeat(30_000)}b`]: 'x' } })).toBe(true);
    expect(keys({ v: { aaa: 'x' } })).toBe(false);
  });

  it('keeps two patterns of one schema apart', () => {
    const validate = validatorOf({
      type: 'object',
      properties: { a: { type: 'string', pattern: '^a$' }, b: { type: 'string', pattern: '^b$' } },
    });
    expect(validate({ v: { a: 'a', b: 'b' } })).toBe(true);
    expect(validate({ v: { a: 'a', b: 'a' } })).toBe(false);
  });

  it.each([
    ['^.*$', 'a\rb', false],
    ['^.*$', 'a\u2028b', false],
    ['^.*$', 'a\tb', true],
    ['^\\s+$', '\u00a0\u000b\ufeff', true],
    ['^\\S+$', 'a\u00a0b', false],
    ['^[\\s,]+$', ' ,\u2003', true],
    ['^[\\S]+$', 'ab\u3000', false],
    ['^[\\s\\S]$', '\n', true],
    ['^[.]$', 'x', false],
    ['^\\.$', '.', true],
    ['^\\w+$', 'é', false],
    ['^\\p{L}+$', 'é', true],
    ['^\\u00e9$', 'é', true],
    ['^[a-z0-9]+(-[a-z0-9]+)*$', 'a-b-c', true],
  ])('matches %j against %j as ECMAScript does (%s)', (pattern, text, expected) => {
    expect(new RegExp(pattern, 'u').test(text)).toBe(expected);
    expect(validatorOf({ type: 'string', pattern })({ v: text })).toBe(expected);
  });

  it.each(['^(?=a)a$', '^(?!a)b$', '^(a)\\1$', '(?<=a)b'])(
    'refuses the pattern %j at compile time: RE2 has no lookarounds or backreferences',
    (pattern) => {
      expect(problemOf({ type: 'string', pattern })).toContain('inputSchema does not compile');
    },
  );

  it('refuses a pattern that is not valid ECMAScript', () => {
    expect(problemOf({ type: 'string', pattern: '^[\\d-x]$' })).toContain(
      'inputSchema does not compile',
    );
  });
});

describe('toLinearPattern', () => {
  it('rewrites dot, \\s and \\S outside and inside classes, and leaves escapes alone', () => {
    expect(toLinearPattern('^.$')).toBe('^[^\\n\\r\\x{2028}\\x{2029}]$');
    expect(toLinearPattern('\\.[.]')).toBe('\\.[.]');
    expect(toLinearPattern('[\\s]')).toContain('\\x{FEFF}');
    expect(toLinearPattern('\\\\s')).toBe('\\\\s');
  });
});
