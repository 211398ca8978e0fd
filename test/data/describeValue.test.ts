import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeValue } from '../../src/data/describeValue.js';

// eslint-disable-next-line no-control-regex -- looking for control characters is the point
const UNESCAPED_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

describe('describeValue', () => {
  it('shows an ordinary string as it is, without quotes', () => {
    expect(describeValue('api.slack.com:443')).toBe('api.slack.com:443');
    expect(describeValue('')).toBe('');
    expect(describeValue('bücher.de')).toBe('bücher.de');
  });

  it.each([
    ['a\nb', '"a\\nb"'],
    ['a\rb', '"a\\rb"'],
    ['tab\t', '"tab\\t"'],
    ['nul\u0000', '"nul\\u0000"'],
    ['esc\u001b[31m', '"esc\\u001b[31m"'],
    ['del\u007f', '"del\\u007f"'],
    ['next line\u0085', '"next line\\u0085"'],
    ['csi\u009b', '"csi\\u009b"'],
    ['line\u2028sep', '"line\\u2028sep"'],
    ['para\u2029sep', '"para\\u2029sep"'],
  ])('escapes the control characters in %j as %s', (value, expected) => {
    expect(describeValue(value)).toBe(expected);
  });

  it('never lets a control character or line separator through', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        expect(describeValue(value)).not.toMatch(UNESCAPED_CONTROL);
      }),
    );
  });

  it('cuts text longer than 200 characters with "…"', () => {
    expect(describeValue('a'.repeat(200))).toBe('a'.repeat(200));
    expect(describeValue('a'.repeat(201))).toBe(`${'a'.repeat(200)}…`);
    expect(describeValue('b'.repeat(5000))).toHaveLength(201);
  });

  it('cuts after escaping, so escapes count toward the length', () => {
    const shown = describeValue('\n'.repeat(150));
    expect(shown).toHaveLength(201);
    expect(shown.startsWith('"\\n\\n')).toBe(true);
    expect(shown.endsWith('…')).toBe(true);
  });

  it('is idempotent on strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (value) => {
        const once = describeValue(value);
        expect(describeValue(once)).toBe(once);
      }),
    );
    for (const value of ['a\nb', '\u007f', 'x'.repeat(300), `${'\u0001'.repeat(100)}tail`]) {
      expect(describeValue(describeValue(value))).toBe(describeValue(value));
    }
  });

  it('shows other values as JSON', () => {
    expect(describeValue(42)).toBe('42');
    expect(describeValue(null)).toBe('null');
    expect(describeValue(true)).toBe('true');
    expect(describeValue({ a: [1, 'x'] })).toBe('{"a":[1,"x"]}');
    expect(describeValue({ a: 'x\ny' })).toBe('{"a":"x\\ny"}');
  });

  it('shows values without JSON text without throwing', () => {
    expect(describeValue(undefined)).toBe('undefined');
    expect(describeValue(Symbol('s'))).toBe('Symbol(s)');
    expect(describeValue(Number.NaN)).toBe('null');
  });

  it('never throws, even on cycles, bigints and throwing toJSON', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(describeValue(cycle)).toBe('[object Object]');
    expect(describeValue(10n)).toBe('[object BigInt]');
    const hostile = {
      toJSON() {
        throw new Error('boom');
      },
    };
    expect(describeValue(hostile)).toBe('[object Object]');
  });

  it('cuts long JSON too', () => {
    expect(describeValue(Array.from({ length: 200 }, () => 1))).toHaveLength(201);
  });
});
