import { describe, expect, it } from 'vitest';
import { freezeParsedJson } from '../../src/data/freezeParsedJson.js';
import { countJsonKeys, endOfString } from '../../src/gate/countJsonKeys.js';

describe('countJsonKeys', () => {
  it.each([
    ['1', 0],
    ['"a:"', 0],
    ['{}', 0],
    ['{"a":1,"b":{"c":"d:e"}}', 3],
    ['{"a" : 1, "a"\n:2}', 2],
    ['["a","b",{"c":["d"]}]', 1],
    ['{"k\\\\":"v\\":","x":1}', 2],
    ['{"a\\\\\\"":1}', 1],
  ])('counts the keys %s writes as %i', (text, keys) => {
    JSON.parse(text); // the input must be valid JSON
    expect(countJsonKeys(text)).toBe(keys);
  });

  it('ends the scan at the end of the text when a string never closes, instead of looping', () => {
    expect(endOfString('{"a', 1)).toBe(3);
    expect(endOfString('"a\\"b', 0)).toBe(5);
    expect(countJsonKeys('{"a":1,"b')).toBe(1);
  });
});

describe('freezeParsedJson', () => {
  it.each([
    ['1', 0],
    ['{}', 1],
    ['[]', 1],
    ['{"a":[{"b":[]}]}', 4],
    ['[[],[[]]]', 3],
  ])('accepts %s at its exact depth %i and refuses one less', (text, depth) => {
    expect(freezeParsedJson(JSON.parse(text), depth)).toBeGreaterThanOrEqual(0);
    if (depth > 0) expect(freezeParsedJson(JSON.parse(text), depth - 1)).toBe(-1);
  });

  it('freezes every object and list and counts their keys', () => {
    const value = JSON.parse('{"a":[{"b":1,"c":{}}],"d":2}') as { a: [{ c: object }] };
    expect(freezeParsedJson(value, 10)).toBe(4);
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.a)).toBe(true);
    expect(Object.isFrozen(value.a[0].c)).toBe(true);
  });

  it('stops at the limit without walking a very deep value', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)) as unknown;
    expect(freezeParsedJson(deep, 64)).toBe(-1);
  });
});
