import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * The CLI compiles the shipped schemas without checking them against their meta-schema
 * (`validateSchema: false` in checkAgainstSchema: about 30 ms of every command that reads a
 * policy). They are checked here instead, once, as ajv would have checked them.
 */
describe.each(['policy.schema.json', 'policy-tests.schema.json'])('schema/%s', (name) => {
  const schema = JSON.parse(readFileSync(resolve(ROOT, 'schema', name), 'utf8')) as object;

  it('is a valid schema of its draft, and compiles with the meta-schema check on', () => {
    const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, logger: false });
    expect(ajv.validateSchema(schema)).toBe(true);
    expect(ajv.errors).toBeNull();
    expect(() => ajv.compile(schema)).not.toThrow();
  });

  it('would be caught with a keyword of the wrong type (the check is not vacuous)', () => {
    const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, logger: false });
    expect(ajv.validateSchema({ ...schema, required: 'version' })).toBe(false);
  });
});
