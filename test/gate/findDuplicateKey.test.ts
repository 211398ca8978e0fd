import { describe, expect, it } from 'vitest';
import { findDuplicateKey } from '../../src/gate/findDuplicateKey.js';

describe('findDuplicateKey', () => {
  it.each([
    ['{"a":1,"a":2}', 'a'],
    ['{"x":{"a":1,"b":2,"a":3}}', 'a'],
    ['{"a":1,"\\u0061":2}', 'a'],
    ['{"k\\"q":1,"k\\u0022q":2}', 'k"q'],
    ['[{"a":1},{"b":1,"b":2}]', 'b'],
    ['{"x":[1],"a":1,"a":2}', 'a'],
    ['{"x":{"y":[{}]},"a":1,"a":2}', 'a'],
  ])('finds the repeated key in %s', (text, key) => {
    expect(findDuplicateKey(text)).toBe(key);
  });

  it.each([
    '{"a":1,"b":{"a":2}}',
    '[{"a":1},{"a":2}]',
    '{"a":"a","b":"a"}',
    '{"a":["a","a"]}',
    '{"a\\\\":1,"a":2}',
    '{"x":{"a":1},"a":2}',
    '{"x":[1,"b","b"]}',
    '{"x":{"y":[1]},"y":2}',
  ])('finds no repeated key in %s', (text) => {
    expect(findDuplicateKey(text)).toBeUndefined();
  });
});
