import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/data/canonicalJson.js';

describe('canonicalJson', () => {
  it('sorts keys at every depth and adds no whitespace', () => {
    expect(canonicalJson({ b: 1, a: [true, null, { d: 'x', c: 2.5 }] })).toBe(
      '{"a":[true,null,{"c":2.5,"d":"x"}],"b":1}',
    );
  });

  it('gives equal text for equal data built in any key order', () => {
    expect(canonicalJson({ x: 1, y: { p: 1, q: 2 } })).toBe(
      canonicalJson({ y: { q: 2, p: 1 }, x: 1 }),
    );
  });

  it('drops what JSON cannot hold as JSON.stringify does', () => {
    expect(canonicalJson({ a: undefined, b: () => 1 })).toBe('{}');
    expect(canonicalJson([undefined])).toBe('[null]');
  });

  it('escapes strings and keys as JSON', () => {
    expect(canonicalJson({ 'a"b': 'x\ny' })).toBe('{"a\\"b":"x\\ny"}');
  });
});
