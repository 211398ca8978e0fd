import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../src/registry/createRegistry.js';
import { createSchemaPool } from '../../src/registry/createSchemaPool.js';
import { compiledToolsOf, schemaPoolSizeOf } from '../../src/registry/registryInternals.js';
import { aTool } from '../helpers/builders.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';

const schema = () => ({
  type: 'object',
  properties: { query: { type: 'string' }, limit: { type: 'integer' } },
  required: ['query'],
});

describe('createSchemaPool', () => {
  it('compiles an identical schema once and hands back the same validator', () => {
    const pool = createSchemaPool();
    const first = pool.compile(schema());
    if (!first.ok) throw new Error(first.problem);
    pool.retain(first.value);
    const second = pool.compile(schema());
    expect(second.ok && second.value).toBe(first.value);
    expect(pool.size()).toEqual({ schemas: 1, failures: 0 });
  });

  it('holds nothing it was only asked to compile', () => {
    const pool = createSchemaPool();
    expect(pool.compile(schema()).ok).toBe(true);
    expect(pool.size()).toEqual({ schemas: 0, failures: 0 });
  });

  it('lets a schema go when its last user releases it, not before', () => {
    const pool = createSchemaPool();
    const compiled = pool.compile(schema());
    if (!compiled.ok) throw new Error(compiled.problem);
    pool.retain(compiled.value);
    pool.retain(compiled.value);
    pool.release(compiled.value.key);
    expect(pool.size().schemas).toBe(1);
    pool.release(compiled.value.key);
    expect(pool.size().schemas).toBe(0);
    pool.release(compiled.value.key);
    expect(pool.size().schemas).toBe(0);
  });

  it('answers a remembered failure with the same problem', () => {
    const pool = createSchemaPool();
    const bad = { type: 'object', properties: { a: { type: 'nope' } } };
    const first = pool.compile(bad);
    const again = pool.compile(structuredClone(bad));
    expect(first.ok).toBe(false);
    expect(again).toEqual(first);
    expect(pool.size()).toEqual({ schemas: 0, failures: 1 });
  });

  it.each([
    ['not an object', 'object', 'inputSchema must be a JSON Schema object'],
    ['a cycle', undefined, 'inputSchema'],
  ])('refuses a schema that is %s without remembering it', (_what, input, problem) => {
    const pool = createSchemaPool();
    let value: unknown = input;
    if (value === undefined) {
      const cyclic: Record<string, unknown> = { type: 'object' };
      cyclic.self = cyclic;
      value = cyclic;
    }
    const result = pool.compile(value);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toContain(problem);
    expect(pool.size()).toEqual({ schemas: 0, failures: 0 });
  });
});

describe('registries share validators between identical schemas', () => {
  it('compiles one validator for many tools with one schema, and shows each the same schema', () => {
    const registry = createRegistry({ builtins: 'none' });
    for (let i = 0; i < 50; i++)
      registry.register(aTool({ name: `t${String(i)}`, inputSchema: schema() }));
    expect(schemaPoolSizeOf(registry)).toEqual({ schemas: 1, failures: 0 });
    const tools = compiledToolsOf(registry);
    expect(tools?.get('t0@1')?.validate).toBe(tools?.get('t49@1')?.validate);
    expect(registry.resolve('t0@1')?.inputSchema).toBe(registry.resolve('t49@1')?.inputSchema);
    expect(registry.resolve('t0@1')?.inputSchema).toEqual(schema());
  });

  it('keeps schemas apart that differ only in key order (their errors come in another order)', () => {
    const registry = createRegistry({ builtins: 'none' });
    registry.register(aTool({ name: 'a', inputSchema: { type: 'object', required: ['x', 'y'] } }));
    registry.register(aTool({ name: 'b', inputSchema: { required: ['x', 'y'], type: 'object' } }));
    expect(schemaPoolSizeOf(registry)?.schemas).toBe(2);
  });

  it('releases a shared validator when the last tool using it is removed', () => {
    const registry = createRegistry({ builtins: 'none' });
    registry.register(aTool({ name: 'a', inputSchema: schema() }));
    registry.register(aTool({ name: 'b', inputSchema: schema() }));
    registry.deregister('a@1');
    expect(schemaPoolSizeOf(registry)?.schemas).toBe(1);
    registry.deregister('b@1');
    expect(schemaPoolSizeOf(registry)?.schemas).toBe(0);
    // Registering it again compiles afresh and works.
    registry.register(aTool({ name: 'c', inputSchema: schema(), example: { query: 'x' } }));
    expect(schemaPoolSizeOf(registry)?.schemas).toBe(1);
  });

  it('holds no schema for a definition refused for another reason, or a duplicate', () => {
    const registry = createRegistry({ builtins: 'none' });
    catchToolgateError(
      () => registry.register(aTool({ name: 'a', description: '', inputSchema: schema() })),
      'invalid_tool',
    );
    expect(schemaPoolSizeOf(registry)?.schemas).toBe(0);
    registry.register(aTool({ name: 'a', inputSchema: schema() }));
    catchToolgateError(
      () => registry.register(aTool({ name: 'a', inputSchema: schema() })),
      'duplicate_tool',
    );
    registry.deregister('a@1');
    expect(schemaPoolSizeOf(registry)?.schemas).toBe(0);
  });

  it('shares nothing between registries', () => {
    const first = createRegistry({ builtins: 'none' });
    const second = createRegistry({ builtins: 'none' });
    first.register(aTool({ inputSchema: schema() }));
    second.register(aTool({ inputSchema: schema() }));
    expect(compiledToolsOf(first)?.get('search@1')?.validate).not.toBe(
      compiledToolsOf(second)?.get('search@1')?.validate,
    );
    expect(schemaPoolSizeOf({})).toBeUndefined();
  });
});
