import { describe, expect, it } from 'vitest';
import { findReadingMismatches } from '../../src/gate/findReadingMismatches.js';
import { compiledToolsOf } from '../../src/registry/registryInternals.js';
import type { CompiledTool } from '../../src/registry/validateDefinition.js';
import { aRegistry, aTool } from '../helpers/builders.js';

/** Unit tests of the comparison behind SPEC §14.1 "What is checked is what runs". */
const registry = aRegistry([
  aTool({
    name: 'scoped',
    inputSchema: { type: 'object' },
    resources: [
      { kind: 'url', at: '/urls/*' },
      { kind: 'host', at: '/host' },
    ],
  }),
  aTool({ name: 'plain', inputSchema: { type: 'object' } }),
]);
const tool = (ref: string): CompiledTool => {
  const found = compiledToolsOf(registry)?.get(ref);
  if (found === undefined) throw new Error(`no ${ref}`);
  return found;
};
const scoped = tool('scoped@1');

describe('findReadingMismatches', () => {
  it('finds nothing for a tool with no resources, whatever the reading', () => {
    expect(findReadingMismatches(tool('plain@1'), { query: 'a' }, { value: 'anything' })).toEqual(
      [],
    );
  });

  it('names a reading that is not an object', () => {
    expect(findReadingMismatches(scoped, { host: 'a.com' }, { value: 5 })).toEqual([
      {
        pointer: '',
        message:
          "the tool's own schema reads the arguments as 5, not as an object the gate can check; send arguments its schema keeps as they are",
      },
    ]);
  });

  it('leaves a pointer the arguments cannot be read at to the scope checks', () => {
    expect(
      findReadingMismatches(
        scoped,
        { urls: 'https://a.com/' },
        { value: { urls: ['https://b.com/'] } },
      ),
    ).toEqual([]);
  });

  it('names a reading a pointer cannot go through', () => {
    expect(
      findReadingMismatches(
        scoped,
        { urls: ['https://a.com/'] },
        { value: { urls: 'https://a.com/' } },
      ),
    ).toEqual([
      {
        pointer: '/urls',
        message:
          'the tool\'s own schema turns this into "https://a.com/", which the resource pointer /urls/* cannot go through',
      },
    ]);
  });

  it('quotes strings and shows other values as JSON', () => {
    expect(findReadingMismatches(scoped, { host: 'a.com' }, { value: { host: 5 } })).toEqual([
      {
        pointer: '/host',
        message:
          'the tool\'s own schema reads this as 5, not "a.com" as the gate checked it; send the value the tool will use',
      },
    ]);
  });

  it('compares objects and lists by their JSON, not by identity', () => {
    const args = { host: { name: 'a.com' }, urls: [['x']] };
    expect(
      findReadingMismatches(scoped, args, { value: { host: { name: 'a.com' }, urls: [['x']] } }),
    ).toEqual([]);
    expect(
      findReadingMismatches(scoped, args, { value: { host: { name: 'b.com' }, urls: [['x']] } }),
    ).toMatchObject([{ pointer: '/host' }]);
    expect(findReadingMismatches(scoped, { host: null }, { value: { host: {} } })).toMatchObject([
      { pointer: '/host' },
    ]);
    expect(findReadingMismatches(scoped, { host: {} }, { value: { host: null } })).toMatchObject([
      { pointer: '/host' },
    ]);
    expect(findReadingMismatches(scoped, { host: null }, { value: { host: null } })).toEqual([]);
    expect(
      findReadingMismatches(scoped, { host: 'a.com' }, { value: { host: ['a.com'] } }),
    ).toMatchObject([{ pointer: '/host' }]);
    expect(
      findReadingMismatches(scoped, { host: ['a.com'] }, { value: { host: 'a.com' } }),
    ).toMatchObject([{ pointer: '/host' }]);
  });

  it('treats a value with no JSON text as different', () => {
    expect(
      findReadingMismatches(scoped, { host: { n: 1 } }, { value: { host: { n: 1n } } }),
    ).toMatchObject([{ pointer: '/host' }]);
  });

  it('tells null from undefined, and a primitive from its JSON text, though their JSON is alike', () => {
    // canonical JSON writes undefined as null: the comparison must not go by JSON for these.
    const pairs: [unknown, unknown][] = [
      [null, undefined],
      [undefined, null],
      [1, '1'],
      ['a', ['a']],
    ];
    for (const [sent, read] of pairs) {
      expect(findReadingMismatches(scoped, { host: sent }, { value: { host: read } })).toEqual([
        expect.objectContaining({ pointer: '/host' }),
      ]);
    }
  });
});
