import { hasOwn } from '../data/hasOwn.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { toMenuLine } from './toMenuLine.js';

/** JSON Schema type names as the menu writes them. */
const TYPE_NAMES: ReadonlyMap<string, string> = new Map([
  ['string', 'str'],
  ['integer', 'integer'],
  ['number', 'number'],
  ['boolean', 'bool'],
  ['array', 'list'],
  ['object', 'object'],
  ['null', 'null'],
]);

/** How deep `anyOf` / `oneOf` are followed before a type counts as unknown. */
const MAX_DEPTH = 8;

/**
 * Names the JSON type(s) a property schema accepts, as the menu writes them:
 * `str`, `integer`, `number`, `bool`, `list`, `object`, `null`, a union
 * joined by ` | `, or `any` when the schema does not say.
 *
 * Read from `type`; else from the branches of `anyOf` / `oneOf`; else from
 * the values of `const` / `enum`.
 *
 * // { type: 'string' }                          => str
 * // { type: ['integer', 'null'] }               => integer | null
 * // { anyOf: [{ type: 'string' }, { type: 'array' }] } => str | list
 * // { enum: ['a', 1.5] }                        => str | number
 * // {} or true                                  => any
 */
export function describeSchemaType(schema: unknown): string {
  const names = typeNamesOf(schema, 0);
  return names === undefined ? 'any' : names.join(' | ');
}

/** The type names a schema accepts, or `undefined` when it accepts any type as far as we can tell. */
function typeNamesOf(schema: unknown, depth: number): readonly string[] | undefined {
  if (!isPlainObject(schema) || depth > MAX_DEPTH) return undefined;
  const { type } = schema;
  if (typeof type === 'string') return [nameOf(type)];
  if (Array.isArray(type) && type.length > 0)
    return unique((type as unknown[]).map((item) => nameOf(String(item))));
  for (const keyword of ['anyOf', 'oneOf']) {
    const branches = schema[keyword];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const names: string[] = [];
    for (const branch of branches as unknown[]) {
      const inner = typeNamesOf(branch, depth + 1);
      // One branch of any type makes the whole union any type.
      if (inner === undefined) return undefined;
      names.push(...inner);
    }
    return unique(names);
  }
  if (hasOwn(schema, 'const')) return [jsonTypeOf(schema.const)];
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return unique((schema.enum as unknown[]).map(jsonTypeOf));
  return undefined;
}

/** A schema type name => the menu's name; an unknown one is shown as a safe single line. */
function nameOf(type: string): string {
  return TYPE_NAMES.get(type) ?? (toMenuLine(type) || 'any');
}

/** The menu's type name for a JSON value. // 'a' => str, 2 => integer, 2.5 => number, [] => list */
function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  switch (typeof value) {
    case 'string':
      return 'str';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'boolean':
      return 'bool';
    default:
      return 'object';
  }
}

function unique(names: readonly string[]): readonly string[] {
  return [...new Set(names)];
}
