import { describe, expect, it } from 'vitest';
import { createGate } from '../../src/createGate.js';
import { createRegistry } from '../../src/registry/createRegistry.js';
import { MAX_REMEMBERED_FAILURES } from '../../src/registry/createSchemaPool.js';
import { schemaPoolSizeOf } from '../../src/registry/registryInternals.js';
import { aGrant, aTool } from '../helpers/builders.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';
import { deadline } from '../helpers/testEnv.js';

const META_2020 = 'https://json-schema.org/draft/2020-12/schema';
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** Everything a process needs to keep working: a registry with built-ins, and a new tool in each draft. */
const expectEveryRegistryToWork = (): void => {
  expect(createRegistry().inventory()).toHaveLength(3);
  const registry = createRegistry({ builtins: 'none' });
  expect(registry.register(aTool({ name: 'later' })).ref).toBe('later@1');
  const draft07 = aTool({
    name: 'later07',
    inputSchema: { $schema: DRAFT_07, type: 'object', properties: { q: { type: 'string' } } },
  });
  expect(registry.register(draft07).ref).toBe('later07@1');
};

describe('schema isolation', () => {
  it.each([
    ['the 2020-12 meta-schema', undefined, META_2020],
    ['the 2020-12 meta-schema with #', undefined, `${META_2020}#`],
    ['the draft-07 meta-schema', DRAFT_07, DRAFT_07],
    ['the draft-07 meta-schema without #', DRAFT_07, 'http://json-schema.org/draft-07/schema'],
  ])(
    'keeps every registry working after a tool whose $id is %s is registered and removed',
    (_what, $schema, $id) => {
      const registry = createRegistry({ builtins: 'none' });
      const inputSchema = { ...($schema === undefined ? {} : { $schema }), $id, type: 'object' };
      registry.register(aTool({ name: 'evil', inputSchema }));
      expect(registry.deregister('evil@1')).toEqual({ removed: true });
      expectEveryRegistryToWork();
    },
  );

  it('keeps another registry’s tool with the same $id working when one is removed', () => {
    const $id = 'https://example.com/args';
    const first = createRegistry({ builtins: 'none' });
    const second = createRegistry({ builtins: 'none' });
    first.register(aTool({ inputSchema: { $id, type: 'object', required: ['a'] } }));
    second.register(aTool({ inputSchema: { $id, type: 'object', required: ['b'] } }));
    expect(first.deregister('search@1')).toEqual({ removed: true });
    const gate = createGate({ registry: second });
    const grant = aGrant();
    const call = (args: object) =>
      gate.checkTurn(
        { calls: [{ tool: 'search', version: 1, shape: 'call', arguments: args }] },
        { grant, cwd: '/srv' },
      ).settled;
    expect(call({ b: 1 })).toBe('tool');
    expect(call({ a: 1 })).toBe('rejected');
    // And a third registry can take the $id again, with yet another meaning.
    const third = createRegistry({ builtins: 'none' });
    third.register(aTool({ inputSchema: { $id, type: 'object', required: ['c'] } }));
    expectEveryRegistryToWork();
  });

  it('never lets a tool $ref a schema that another tool declared with $id', () => {
    const $id = 'https://evil.example/s';
    createRegistry({ builtins: 'none' }).register(
      aTool({ inputSchema: { type: 'object', $defs: { s: { $id, type: 'string' } } } }),
    );
    const error = catchToolgateError(
      () =>
        createRegistry({ builtins: 'none' }).register(
          aTool({ inputSchema: { type: 'object', properties: { a: { $ref: $id } } } }),
        ),
      'invalid_tool',
    );
    expect(error.problems[0]).toContain("can't resolve reference https://evil.example/s");
  });

  it('refuses a $ref to a meta-schema: a tool schema compiles alone, without them', () => {
    const error = catchToolgateError(
      () =>
        createRegistry({ builtins: 'none' }).register(
          aTool({ inputSchema: { type: 'object', properties: { s: { $ref: META_2020 } } } }),
        ),
      'invalid_tool',
    );
    expect(error.problems[0]).toContain('inputSchema does not compile');
  });

  it(
    'keeps nothing from 200 failed registrations of one 250 KB schema, and compiles it once',
    () => {
      expectEveryRegistryToWork();
      const registry = createRegistry({ builtins: 'none' });
      const properties = Object.fromEntries(
        Array.from({ length: 6_500 }, (_, i) => [
          `p${String(i)}`,
          { type: 'string', minLength: 1 },
        ]),
      );
      // It fails in the compiler (an unresolvable $ref), after the meta-schema passes it.
      const inputSchema = { type: 'object', properties, $ref: '#/$defs/missing' };
      expect(JSON.stringify(inputSchema).length).toBeGreaterThan(250_000);
      let problem = '';
      for (let i = 0; i < 200; i++) {
        const error = catchToolgateError(
          () => registry.register(aTool({ inputSchema })),
          'invalid_tool',
        );
        problem ||= error.problems[0] ?? '';
        expect(error.problems[0]).toBe(problem);
      }
      expect(problem).toContain("can't resolve reference #/$defs/missing");
      expect(schemaPoolSizeOf(registry)).toEqual({ schemas: 0, failures: 1 });
      expectEveryRegistryToWork();
    },
    deadline(60_000),
  );

  it(
    `remembers at most ${String(MAX_REMEMBERED_FAILURES)} failed schemas, the latest`,
    () => {
      const registry = createRegistry({ builtins: 'none' });
      const failing = (i: number) => ({
        type: 'object',
        properties: { [`p${String(i)}`]: { $ref: '#/$defs/missing' } },
      });
      for (let i = 0; i < MAX_REMEMBERED_FAILURES + 40; i++) {
        catchToolgateError(
          () => registry.register(aTool({ inputSchema: failing(i) })),
          'invalid_tool',
        );
      }
      expect(schemaPoolSizeOf(registry)).toEqual({ schemas: 0, failures: MAX_REMEMBERED_FAILURES });
    },
    deadline(60_000),
  );
});
