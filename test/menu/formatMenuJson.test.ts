import { describe, expect, it } from 'vitest';
import { formatMenuJson } from '../../src/menu/formatMenuJson.js';

describe('formatMenuJson', () => {
  it('separates items with ", " and keys with ": ", at every depth, keys in order', () => {
    expect(formatMenuJson({ b: 1, a: [1, { c: null, d: 'x' }], e: {}, f: [] })).toBe(
      '{"b": 1, "a": [1, {"c": null, "d": "x"}], "e": {}, "f": []}',
    );
  });

  it('escapes strings as JSON, and U+2028 and U+2029 too, so it stays on one line', () => {
    expect(formatMenuJson('a"b\n\u2028\u2029')).toBe('"a\\"b\\n\\u2028\\u2029"');
  });

  it('writes scalars as JSON', () => {
    expect([formatMenuJson(1.5), formatMenuJson(true), formatMenuJson(null)]).toEqual([
      '1.5',
      'true',
      'null',
    ]);
  });
});
