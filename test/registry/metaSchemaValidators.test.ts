import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateMetaSchemaValidators } from '../../scripts/metaSchemaValidators.js';
import { checkSchemaDraft, errorsText } from '../../src/registry/checkSchemaDraft.js';
import { validate07, validate2020 } from '../../src/registry/metaSchemaValidators.generated.js';
import { deadline, enough, runs } from '../helpers/testEnv.js';

const addFormats = addFormatsModule.default;

/**
 * The meta-schema validators are ajv's own code, generated ahead of time
 * (scripts/metaSchemaValidators.js). These tests hold them to what ajv
 * compiles at run time, the way checkSchemaDraft did before: the same
 * verdict and the same error text for every schema, the generated file
 * being exactly what the installed ajv generates.
 */

/** The meta-schema validator ajv compiles at run time, made as checkSchemaDraft made it. */
function liveValidator(draft: '2020-12' | 'draft-07'): {
  ajv: Ajv | Ajv2020;
  validate: ValidateFunction;
} {
  const ajv =
    draft === '2020-12'
      ? new Ajv2020({ strict: false, logger: false })
      : new Ajv({ strict: false, logger: false });
  addFormats(ajv);
  const id =
    draft === '2020-12'
      ? 'https://json-schema.org/draft/2020-12/schema'
      : 'http://json-schema.org/draft-07/schema';
  const validate = ajv.getSchema(id);
  if (validate === undefined) throw new Error(`no meta-schema ${id}`);
  return { ajv, validate };
}

const DRAFTS = [
  { draft: '2020-12', generated: validate2020, live: liveValidator('2020-12') },
  { draft: 'draft-07', generated: validate07, live: liveValidator('draft-07') },
] as const;

/** Values a schema keyword may be given, wrong types among them. */
const anyValue = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('object', 'string', 'integer', 'array', 'objec', '', '#', 'a#b', '(', '^a$'),
  fc.integer({ min: -3, max: 5 }),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.constantFrom('a', 'string', 1, null), { maxLength: 3 }),
);

const KEYWORDS = [
  'type',
  'properties',
  'required',
  'items',
  'prefixItems',
  'additionalProperties',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'pattern',
  'patternProperties',
  'format',
  '$id',
  '$ref',
  '$defs',
  'definitions',
  '$anchor',
  '$dynamicRef',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'minimum',
  'exclusiveMinimum',
  'multipleOf',
  'uniqueItems',
  'dependencies',
  'dependentRequired',
  'propertyNames',
  'contains',
  'minContains',
  'unevaluatedProperties',
  'title',
  'default',
  'examples',
  '$comment',
  'x-vendor',
];

/** Schema-like objects: known keywords (nested schemas too) with right and wrong values. */
const schemaLike: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{
  schema: Record<string, unknown>;
}>((tie) => ({
  schema: fc.dictionary(
    fc.constantFrom(...KEYWORDS),
    fc.oneof(
      { weight: 3, arbitrary: anyValue },
      { weight: 1, arbitrary: tie('schema') },
      {
        weight: 1,
        arbitrary: fc.dictionary(fc.constantFrom('a', 'b'), tie('schema'), { maxKeys: 2 }),
      },
      { weight: 1, arbitrary: fc.array(tie('schema'), { maxLength: 2 }) },
    ),
    { maxKeys: 4, depthIdentifier: 'schema' },
  ),
})).schema;

/** A validator's verdict, or that it threw (ajv's deep equality throws on a null-prototype object). */
function outcome(validate: (schema: unknown) => boolean, schema: unknown): boolean | 'threw' {
  try {
    return validate(schema);
  } catch {
    return 'threw';
  }
}

describe('the generated meta-schema validators', () => {
  it(
    'are exactly what the installed ajv generates (else run scripts/generateMetaSchemaValidators.js)',
    () => {
      const committed = readFileSync(
        new URL('../../src/registry/metaSchemaValidators.generated.ts', import.meta.url),
        'utf8',
      );
      expect(committed).toBe(generateMetaSchemaValidators());
    },
    deadline(30_000),
  );

  it.each(DRAFTS)(
    'give the verdict and the error text ajv gives at run time, for $draft schemas',
    ({ generated, live }) => {
      let refused = 0;
      fc.assert(
        fc.property(schemaLike, (schema) => {
          const expected = outcome(live.validate, schema);
          expect(outcome(generated, schema)).toBe(expected);
          if (expected === false) {
            refused += 1;
            expect(errorsText(generated.errors)).toBe(live.ajv.errorsText(live.validate.errors));
          }
        }),
        { numRuns: runs(3_000) },
      );
      // Not vacuous: a good share of the generated schemas break the meta-schema.
      expect(refused).toBeGreaterThan(enough(300, 3_000));
    },
    deadline(60_000),
  );

  it.each([
    [{ type: 'object', properties: { a: { type: 'string', minLength: 1 } } }, true],
    [{ type: 'object', required: ['a', 'a'] }, false],
    [{ type: 'object', minProperties: -1 }, false],
    [{ type: 'objec' }, false],
    [{ type: 'object', properties: { a: { type: 'string', pattern: 7 } } }, false],
    [{ type: 'object', $defs: { a: { $anchor: '1bad' } } }, false],
  ])('checks %j as ajv does (2020-12: %s)', (schema, valid) => {
    expect(validate2020(schema)).toBe(valid);
    for (const { generated, live } of DRAFTS) expect(generated(schema)).toBe(live.validate(schema));
  });

  it('name what is wrong in the registration problem, as ajv words it', () => {
    const result = checkSchemaDraft({ type: 'object', properties: { a: { minLength: 'x' } } });
    expect(result).toEqual({
      ok: false,
      problem:
        'inputSchema does not compile: schema is invalid: data/properties/a/minLength must be integer',
    });
  });

  it('write no errors as ajv does', () => {
    expect(errorsText(null)).toBe(new Ajv().errorsText(null));
    expect(errorsText([])).toBe(new Ajv().errorsText([]));
  });
});
