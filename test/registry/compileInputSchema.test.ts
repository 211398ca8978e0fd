import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { compileInputSchema } from '../../src/registry/compileInputSchema.js';
import { aRegistry, aTool } from '../helpers/builders.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';

const compiled = (schema: unknown): ValidateFunction => {
  const result = compileInputSchema(schema);
  if (!result.ok) throw new Error(result.problem);
  return result.value;
};
const problemOf = (schema: unknown): string => {
  const result = compileInputSchema(schema);
  return result.ok ? 'compiled' : result.problem;
};

/** A tuple schema: draft-07 writes it with an array `items`, which 2020-12 does not allow. */
const tupleIn = (draft: string | undefined) => ({
  ...(draft === undefined ? {} : { $schema: draft }),
  type: 'object',
  properties: { pair: { type: 'array', items: [{ type: 'string' }], additionalItems: false } },
});

describe('compileInputSchema', () => {
  it('compiles an object schema in draft 2020-12 when $schema is left out', () => {
    const validate = compiled({ type: 'object', properties: { n: { type: 'integer' } } });
    expect(validate({ n: 1 })).toBe(true);
    expect(validate({ n: 'one' })).toBe(false);
  });

  it('compiles with 2020-12 semantics when $schema names draft 2020-12', () => {
    const validate = compiled({
      $schema: DRAFT_2020,
      type: 'object',
      properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }], items: false } },
    });
    expect(validate({ pair: ['a'] })).toBe(true);
    expect(validate({ pair: ['a', 'b'] })).toBe(false);
    expect(validate({ pair: [1] })).toBe(false);
  });

  it('compiles with draft-07 semantics when $schema names draft-07', () => {
    const validate = compiled(tupleIn(DRAFT_07));
    expect(validate({ pair: ['a'] })).toBe(true);
    expect(validate({ pair: [1] })).toBe(false);
    expect(validate({ pair: ['a', 'b'] })).toBe(false);
  });

  it('refuses the draft-07 array form of items in a 2020-12 schema, as it does not compile there', () => {
    expect(problemOf(tupleIn(undefined))).toContain('inputSchema does not compile');
  });

  it.each([
    'http://json-schema.org/draft-04/schema#',
    'http://json-schema.org/draft-06/schema#',
    'https://json-schema.org/draft/2019-09/schema',
    'https://example.com/my-schema',
    '',
  ])('refuses the unknown $schema %j', ($schema) => {
    expect(problemOf({ $schema, type: 'object' })).toContain(
      'inputSchema.$schema must be draft 2020-12',
    );
  });

  it('refuses a $schema that is not a string', () => {
    expect(problemOf({ $schema: 7, type: 'object' })).toContain('inputSchema.$schema must be');
  });

  it.each([
    ['a missing type', {}],
    ['type "string"', { type: 'string' }],
    ['type "array"', { type: 'array' }],
    ['a type list holding "object"', { type: ['object', 'null'] }],
  ])('refuses a schema with %s: arguments are always an object', (_what, schema) => {
    expect(problemOf(schema)).toBe(
      'inputSchema must describe an object: set type to "object" (arguments are always an object)',
    );
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['the boolean schema true', true],
    ['an array', [{ type: 'object' }]],
    ['a string', 'object'],
  ])('refuses %s as a schema', (_what, schema) => {
    expect(problemOf(schema)).toBe('inputSchema must be a JSON Schema object');
  });

  it('refuses a schema with an unknown type name, as it does not compile', () => {
    expect(problemOf({ type: 'object', properties: { a: { type: 'nope' } } })).toContain(
      'inputSchema does not compile',
    );
  });

  it('refuses a schema whose $ref points nowhere', () => {
    expect(problemOf({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } })).toContain(
      'inputSchema does not compile',
    );
  });

  it('ignores annotations it does not know', () => {
    expect(compiled({ type: 'object', 'x-origin': 'mcp', properties: {} })({})).toBe(true);
  });

  it.each([undefined, DRAFT_07])(
    'checks formats such as uri and email (with $schema %j)',
    (draft) => {
      const validate = compiled({
        ...(draft === undefined ? {} : { $schema: draft }),
        type: 'object',
        properties: {
          link: { type: 'string', format: 'uri' },
          mail: { type: 'string', format: 'email' },
        },
      });
      expect(validate({ link: 'https://example.com/a', mail: 'a@example.com' })).toBe(true);
      expect(validate({ link: 'not a uri' })).toBe(false);
      expect(validate({ mail: 'not an email' })).toBe(false);
    },
  );

  it('compiles two schemas with the same $id, each to its own validator', () => {
    const first = compiled({ $id: 'https://example.com/args', type: 'object', required: ['a'] });
    const second = compiled({ $id: 'https://example.com/args', type: 'object', required: ['b'] });
    expect(first({ a: 1 })).toBe(true);
    expect(first({ b: 1 })).toBe(false);
    expect(second({ b: 1 })).toBe(true);
    expect(second({ a: 1 })).toBe(false);
  });

  it('checks required properties against own properties only', () => {
    const validate = compiled({ type: 'object', required: ['toString'] });
    expect(validate({})).toBe(false);
    expect(validate({ toString: 'x' })).toBe(true);
  });
});

describe('register with input schemas', () => {
  it('registers two tools whose schemas share a $id, each validating its example against its own schema', () => {
    const registry = aRegistry([
      aTool({
        name: 'first',
        inputSchema: { $id: 'https://example.com/shared', type: 'object', required: ['a'] },
        example: { a: 1 },
      }),
    ]);
    const entry = registry.register(
      aTool({
        name: 'second',
        inputSchema: { $id: 'https://example.com/shared', type: 'object', required: ['b'] },
        example: { b: 1 },
      }),
    );
    expect(entry.ref).toBe('second@1');
    expect(registry.resolve('first@1')).toBeDefined();
  });

  it('registers a draft-07 tool and validates its example with draft-07 rules', () => {
    const registry = aRegistry();
    expect(
      registry.register(aTool({ inputSchema: tupleIn(DRAFT_07), example: { pair: ['a'] } })).ref,
    ).toBe('search@1');
    const error = catchToolgateError(
      () =>
        registry.register(
          aTool({ version: 2, inputSchema: tupleIn(DRAFT_07), example: { pair: ['a', 'b'] } }),
        ),
      'invalid_tool',
    );
    expect(error.problems[0]).toContain('example does not match the inputSchema');
  });

  it('refuses an example that breaks a format', () => {
    const inputSchema = { type: 'object', properties: { link: { type: 'string', format: 'uri' } } };
    const error = catchToolgateError(
      () => aRegistry().register(aTool({ inputSchema, example: { link: 'no scheme here' } })),
      'invalid_tool',
    );
    expect(error.problems[0]).toContain('/link must match format "uri"');
    expect(
      aRegistry().register(aTool({ inputSchema, example: { link: 'https://a.example/' } })).ref,
    ).toBe('search@1');
  });

  it('refuses an unknown $schema at register with invalid_tool', () => {
    const error = catchToolgateError(
      () =>
        aRegistry().register(
          aTool({
            inputSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' },
          }),
        ),
      'invalid_tool',
    );
    expect(error.problems).toHaveLength(1);
  });

  it('lets a tool be removed and a new one registered with the same $id and a different schema', () => {
    const registry = aRegistry([
      aTool({ inputSchema: { $id: 'https://example.com/again', type: 'object', required: ['a'] } }),
    ]);
    registry.deregister('search@1');
    const entry = registry.register(
      aTool({
        inputSchema: { $id: 'https://example.com/again', type: 'object', required: ['b'] },
        example: { b: 1 },
      }),
    );
    expect(entry.inputSchema).toEqual({
      $id: 'https://example.com/again',
      type: 'object',
      required: ['b'],
    });
  });
});
