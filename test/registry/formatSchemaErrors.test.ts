import { describe, expect, it } from 'vitest';
import { compileInputSchema } from '../../src/registry/compileInputSchema.js';
import { formatSchemaErrors } from '../../src/registry/formatSchemaErrors.js';

const errorsFor = (schema: unknown, data: unknown) => {
  const compiled = compileInputSchema(schema);
  if (!compiled.ok) throw new Error(compiled.problem);
  compiled.value(data);
  return formatSchemaErrors(compiled.value.errors);
};

describe('formatSchemaErrors', () => {
  it('returns no errors for null or undefined', () => {
    expect(formatSchemaErrors(null)).toEqual([]);
    expect(formatSchemaErrors(undefined)).toEqual([]);
  });

  it('points a type error at the value', () => {
    expect(
      errorsFor({ type: 'object', properties: { limit: { type: 'integer' } } }, { limit: 'x' }),
    ).toEqual([{ pointer: '/limit', message: 'must be integer' }]);
  });

  it('points a missing required property at the property itself, escaped', () => {
    expect(errorsFor({ type: 'object', required: ['a/b~c'] }, {})).toEqual([
      { pointer: '/a~1b~0c', message: "must have required property 'a/b~c'" },
    ]);
  });

  it('names an extra property', () => {
    expect(errorsFor({ type: 'object', additionalProperties: false }, { extra: 1 })).toEqual([
      { pointer: '', message: 'must NOT have additional properties: "extra"' },
    ]);
  });

  it('lists every error, not only the first', () => {
    const errors = errorsFor(
      { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } },
      { a: 1, b: 2 },
    );
    expect(errors.map((error) => error.pointer)).toEqual(['/a', '/b']);
  });

  it('returns frozen errors', () => {
    const [error] = errorsFor({ type: 'object', required: ['q'] }, {});
    expect(Object.isFrozen(error)).toBe(true);
  });
});
