import { describe, expect, it } from 'vitest';
import { scanJsonText } from '../../src/gate/scanJsonText.js';

describe('scanJsonText', () => {
  it.each([
    ['1', 0],
    ['{}', 1],
    ['[]', 1],
    ['{"a":[{"b":[]}]}', 4],
    ['[[],[[]]]', 3],
    ['{"a":"[[[{{{"}', 1],
    ['{"a":"\\"[["}', 1],
  ])('measures the depth of %s as %i', (text, depth) => {
    expect(scanJsonText(text)).toEqual({ depth, duplicateKey: undefined });
  });

  it.each([
    ['{"a":1,"a":2}', 'a'],
    ['{"x":{"a":1,"b":2,"a":3}}', 'a'],
    ['{"a":1,"\\u0061":2}', 'a'],
    ['{"k\\"q":1,"k\\u0022q":2}', 'k"q'],
    ['[{"a":1},{"b":1,"b":2}]', 'b'],
  ])('finds the repeated key in %s', (text, key) => {
    expect(scanJsonText(text).duplicateKey).toBe(key);
  });

  it.each([
    '{"a":1,"b":{"a":2}}',
    '[{"a":1},{"a":2}]',
    '{"a":"a","b":"a"}',
    '{"a":["a","a"]}',
    '{"a\\\\":1,"a":2}',
  ])('finds no repeated key in %s', (text) => {
    expect(scanJsonText(text).duplicateKey).toBeUndefined();
  });
});
