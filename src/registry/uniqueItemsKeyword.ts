import type { ErrorObject, FuncKeywordDefinition } from 'ajv';
import type { SchemaValidateFunction } from 'ajv/dist/types/index.js';
import { canonicalJson } from '../data/canonicalJson.js';

/**
 * A `uniqueItems` keyword in linear time, to replace ajv's: ajv compares
 * items that are objects or arrays pairwise (quadratic in the array), and it
 * lets `["__proto__", "__proto__"]` through (it counts strings in a plain
 * object). Here each item is keyed by its canonical JSON text (object keys
 * sorted: JSON Schema equality) in a Map. A fresh definition per ajv instance:
 * the function carries its last errors, as ajv reads them.
 *
 * // [{ "a": 1, "b": 2 }, { "b": 2, "a": 1 }] => "items ## 1 and 0 are identical"
 */
export function createUniqueItemsKeyword(): FuncKeywordDefinition {
  const validate: SchemaValidateFunction = (unique: unknown, data: unknown) => {
    validate.errors = [];
    if (unique !== true || !Array.isArray(data)) return true;
    const seen = new Map<string, number>();
    const items = data as readonly unknown[];
    for (let j = 0; j < items.length; j++) {
      const key = canonicalJson(items[j]);
      const i = seen.get(key);
      if (i !== undefined) {
        const error: Partial<ErrorObject> = {
          keyword: 'uniqueItems',
          // ajv's own words and params: i the earlier item, j the later one.
          params: { i, j },
          message: `must NOT have duplicate items (items ## ${String(j)} and ${String(i)} are identical)`,
        };
        validate.errors = [error];
        return false;
      }
      seen.set(key, j);
    }
    return true;
  };
  return { keyword: 'uniqueItems', type: 'array', schemaType: 'boolean', errors: true, validate };
}
