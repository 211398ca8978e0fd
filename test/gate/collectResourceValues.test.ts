import { describe, expect, it } from 'vitest';
import { collectResourceValues, stringValuesAt } from '../../src/gate/collectResourceValues.js';
import { parseResourcePointer } from '../../src/registry/parseResourcePointer.js';

const collect = (at: string, args: Record<string, unknown>) => {
  const pointer = parseResourcePointer(at);
  if (!pointer.ok) throw new Error(pointer.problem);
  return collectResourceValues(pointer.value, args);
};

describe('collectResourceValues', () => {
  it('finds a top-level value', () => {
    expect(collect('/path', { path: 'a' })).toEqual({ values: [{ pointer: '/path', value: 'a' }] });
  });

  it('finds nothing for an argument left out, or null on the way', () => {
    expect(collect('/path', {})).toEqual({ values: [] });
    expect(collect('/opt/url', { opt: null })).toEqual({ values: [] });
  });

  it('hands back a null or non-string value at the end, for the scope check to refuse', () => {
    expect(collect('/path', { path: null })).toEqual({
      values: [{ pointer: '/path', value: null }],
    });
    expect(collect('/path', { path: 7 })).toEqual({ values: [{ pointer: '/path', value: 7 }] });
  });

  it('expands * over list items and object values', () => {
    expect(collect('/files/*/path', { files: [{ path: 'a' }, { path: 'b' }, {}] })).toEqual({
      values: [
        { pointer: '/files/0/path', value: 'a' },
        { pointer: '/files/1/path', value: 'b' },
      ],
    });
    expect(collect('/hosts/*', { hosts: { main: 'a.com', 'x/y': 'b.com' } })).toEqual({
      values: [
        { pointer: '/hosts/main', value: 'a.com' },
        { pointer: '/hosts/x~1y', value: 'b.com' },
      ],
    });
  });

  it('reads canonical list indexes only', () => {
    expect(collect('/a/1', { a: ['x', 'y'] })).toEqual({
      values: [{ pointer: '/a/1', value: 'y' }],
    });
    expect(collect('/a/01', { a: ['x', 'y'] })).toEqual({ values: [] });
    expect(collect('/a/length', { a: ['x', 'y'] })).toEqual({ values: [] });
    expect(collect('/a/2', { a: ['x', 'y'] })).toEqual({ values: [] });
  });

  it('unescapes ~1 and ~0 in keys', () => {
    expect(collect('/a~1b/c~0d', { 'a/b': { 'c~d': 'v' } })).toEqual({
      values: [{ pointer: '/a~1b/c~0d', value: 'v' }],
    });
  });

  it('ignores inherited properties, such as a polluted prototype', () => {
    expect(collect('/constructor', {})).toEqual({ values: [] });
    expect(collect('/toString', {})).toEqual({ values: [] });
  });

  it('refuses a pointer that runs through a string, number or boolean', () => {
    expect(collect('/opt/url', { opt: 'https://evil.com' })).toEqual({
      problem: {
        pointer: '/opt',
        message: 'a resource pointer goes through this value, which is not an object or a list',
      },
      value: 'https://evil.com',
    });
    expect('problem' in collect('/a/*', { a: 1 })).toBe(true);
  });

  it('expands a lone * even when given the pointer as written', () => {
    const pointer = parseResourcePointer('/*');
    if (!pointer.ok) throw new Error(pointer.problem);
    expect(collectResourceValues(pointer.value, { a: 'x', b: 'y' }, '/*')).toEqual({
      values: [
        { pointer: '/a', value: 'x' },
        { pointer: '/b', value: 'y' },
      ],
    });
  });

  it('finds a top-level value by the pointer as written', () => {
    const pointer = parseResourcePointer('/a~1b');
    if (!pointer.ok) throw new Error(pointer.problem);
    expect(collectResourceValues(pointer.value, { 'a/b': 'x' }, '/a~1b')).toEqual({
      values: [{ pointer: '/a~1b', value: 'x' }],
    });
    expect(collectResourceValues(pointer.value, { a: 'x' }, '/a~1b')).toEqual({ values: [] });
  });
});

describe('stringValuesAt', () => {
  it('gives the string values a pointer names, in order, and leaves the others out', () => {
    expect(stringValuesAt('/files/*', { files: ['a', 1, 'b', null, { c: 'd' }] })).toEqual([
      'a',
      'b',
    ]);
    expect(stringValuesAt('/path', { path: '/srv/a.txt' })).toEqual(['/srv/a.txt']);
    expect(stringValuesAt('/path', {})).toEqual([]);
  });

  it('gives none for a pointer that does not parse, or arguments the gate would refuse at it', () => {
    expect(stringValuesAt('path', { path: '/srv/a.txt' })).toEqual([]);
    expect(stringValuesAt('/opt/url', { opt: 'https://x.test/' })).toEqual([]);
  });
});
