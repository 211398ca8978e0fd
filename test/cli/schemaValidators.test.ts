import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import policySchema from '../../schema/policy.schema.json' with { type: 'json' };
import testSchema from '../../schema/policy-tests.schema.json' with { type: 'json' };
import {
  generateSchemaValidators,
  schemaValidatorOptions,
} from '../../scripts/schemaValidators.js';
import { checkAgainstSchema } from '../../src/cli/policy/checkAgainstSchema.js';
import type { Schema } from '../../src/cli/policy/describeSchemaError.js';
import { readYamlSource } from '../../src/cli/policy/readYamlSource.js';
import {
  validatePolicyFile,
  validatePolicyTestsFile,
  type SchemaValidator,
} from '../../src/cli/policy/schemaValidators.generated.js';
import { deadline, enough, runs } from '../helpers/testEnv.js';

/**
 * The shipped schemas' validators are ajv's own code, generated ahead of time
 * (scripts/schemaValidators.js), so that no `toolgate` command compiles the
 * policy schema at start. These tests hold them to what ajv compiles at run
 * time with the same options, the way checkAgainstSchema did before: the same
 * verdict, the same errors and the same diagnostics for every document, the
 * generated file being exactly what the installed ajv makes of schema/.
 */

const SCHEMAS = [
  { name: 'policy.schema.json', schema: policySchema as Schema, generated: validatePolicyFile },
  {
    name: 'policy-tests.schema.json',
    schema: testSchema as Schema,
    generated: validatePolicyTestsFile,
  },
].map((entry) => ({
  ...entry,
  live: new Ajv(schemaValidatorOptions()).compile(entry.schema) as SchemaValidator,
}));

/** Every property name a schema mentions, so generated documents use the real keys. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (typeof value === 'object' && value !== null)
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      if (key === 'properties' && typeof inner === 'object' && inner !== null)
        for (const name of Object.keys(inner)) into.add(name);
      keysOf(inner, into);
    }
  return into;
}

/** Values a key may be given, wrong types among them. */
const leaf = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('', 'read', 'write', 'allow', 'fs/read@1', '/tmp', 'a b', '../x', '*.com', '𝒳'),
  fc.integer({ min: -2, max: 3 }),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
);

/** Documents built from the schemas' own keys (and a few unknown ones), nested, right and wrong. */
function documents(schema: Schema): fc.Arbitrary<unknown> {
  const keys = [...keysOf(schema), 'name', 'coder', 'fs', 'acess', 'x-extra'];
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthIdentifier: 'doc', maxDepth: 5 },
      { weight: 2, arbitrary: leaf },
      {
        weight: 3,
        arbitrary: fc.dictionary(fc.constantFrom(...keys), tie('value'), {
          maxKeys: 4,
          depthIdentifier: 'doc',
        }),
      },
      { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3, depthIdentifier: 'doc' }) },
    ),
  })).value;
}

/** The policies and test files the repository ships and tests with, parsed. */
function shippedDocuments(): unknown[] {
  const found: unknown[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(?:ya?ml|json)$/.test(entry.name))
        try {
          found.push(parse(readFileSync(path, 'utf8')));
        } catch {
          // A fixture broken on purpose: nothing to validate.
        }
    }
  };
  for (const dir of ['examples', 'test/fixtures/cli', 'test/fixtures/scenarios'])
    walk(new URL(`../../${dir}`, import.meta.url).pathname);
  return found;
}

/** What a validator said about a document: its verdict and its errors, in full. */
function verdict(validate: SchemaValidator, document: unknown) {
  const valid = validate(document);
  return { valid, errors: valid ? null : (validate.errors as ErrorObject[]) };
}

describe('the generated schema validators', () => {
  it(
    'are exactly what the installed ajv makes of schema/ (else run scripts/generateSchemaValidators.js)',
    () => {
      const committed = readFileSync(
        new URL('../../src/cli/policy/schemaValidators.generated.ts', import.meta.url),
        'utf8',
      );
      expect(committed).toBe(generateSchemaValidators());
    },
    deadline(30_000),
  );

  it.each(SCHEMAS)(
    '$name: the same verdict and errors as ajv at run time, for every shipped document',
    ({ generated, live }) => {
      const shipped = shippedDocuments();
      expect(shipped.length).toBeGreaterThan(5);
      for (const document of shipped)
        expect(verdict(generated, document)).toEqual(verdict(live, document));
    },
  );

  it.each(SCHEMAS)(
    '$name: the same verdict, errors and diagnostics as ajv at run time, for generated documents',
    ({ schema, generated, live }) => {
      let invalid = 0;
      fc.assert(
        fc.property(
          fc.oneof(documents(schema), fc.dictionary(fc.constantFrom('version'), leaf)),
          (document) => {
            const expected = verdict(live, document);
            expect(verdict(generated, document)).toEqual(expected);
            if (!expected.valid) invalid += 1;
            // What a person reads: the diagnostics, through either validator.
            const read = readYamlSource('p.yaml', JSON.stringify(document));
            if (!read.ok) return;
            expect(checkAgainstSchema(schema, generated, read.source)).toEqual(
              checkAgainstSchema(schema, live, read.source),
            );
          },
        ),
        { numRuns: runs(2000) },
      );
      // Not vacuous: most generated documents break the schema somewhere.
      expect(invalid).toBeGreaterThan(enough(1000, 2000));
    },
    deadline(60_000),
  );

  it('keep the worded messages of the special cases (an empty agent; an expect that is not allow)', () => {
    const agent = readYamlSource('p.yaml', 'version: 1\nagents:\n  a: {}\n');
    const expectation = readYamlSource(
      't.yaml',
      'policy: p.yaml\ncases:\n  - name: t\n    turn: { calls: [] }\n    expect: deny\n',
    );
    if (!agent.ok || !expectation.ok) throw new Error('the fixtures do not parse');
    expect(
      checkAgainstSchema(policySchema as Schema, validatePolicyFile, agent.source).map(
        (problem) => problem.diagnostic.message,
      ),
    ).toContain('agents.a is empty');
    expect(
      checkAgainstSchema(testSchema as Schema, validatePolicyTestsFile, expectation.source).map(
        (problem) => problem.diagnostic.message,
      ),
    ).toContain('cases[0].expect must be allow, or { refuse: CODE, callIndex? }');
  });
});
