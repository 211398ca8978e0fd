import { describe, expect, it } from 'vitest';
import { describeSchemaType } from '../../src/menu/describeSchemaType.js';

describe('describeSchemaType', () => {
  it.each([
    ['string', 'str'],
    ['integer', 'integer'],
    ['number', 'number'],
    ['boolean', 'bool'],
    ['array', 'list'],
    ['object', 'object'],
    ['null', 'null'],
  ])('writes JSON type %s as %s', (type, name) => {
    expect(describeSchemaType({ type })).toBe(name);
  });

  it('joins a union of types with " | "', () => {
    expect(describeSchemaType({ type: ['string', 'null'] })).toBe('str | null');
    expect(
      describeSchemaType({ anyOf: [{ type: 'integer' }, { type: 'array' }, { type: 'integer' }] }),
    ).toBe('integer | list');
    expect(describeSchemaType({ oneOf: [{ type: ['boolean', 'null'] }, { type: 'object' }] })).toBe(
      'bool | null | object',
    );
  });

  it('reads the types of const and enum values', () => {
    expect(describeSchemaType({ const: 3 })).toBe('integer');
    expect(describeSchemaType({ enum: ['a', 1.5, null, ['x'], { k: 1 }, true] })).toBe(
      'str | number | null | list | object | bool',
    );
  });

  it('says any when the schema does not say', () => {
    expect(describeSchemaType({})).toBe('any');
    expect(describeSchemaType(true)).toBe('any');
    expect(describeSchemaType({ $ref: '#/$defs/x' })).toBe('any');
    expect(describeSchemaType({ anyOf: [{ type: 'string' }, {}] })).toBe('any');
  });

  it('shows an unknown type name on one line, and never a prototype member', () => {
    expect(describeSchemaType({ type: 'date\ntime' })).toBe('date time');
    expect(describeSchemaType({ type: 'constructor' })).toBe('constructor');
  });
});
