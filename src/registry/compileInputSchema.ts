import type { ValidateFunction } from 'ajv';
import { isPlainObject } from '../data/isPlainObject.js';
import { messageOf } from '../data/messageOf.js';
import type { ScopeResult } from '../scope/result.js';
import { checkSchemaDraft } from './checkSchemaDraft.js';
import { createSchemaAjv } from './createSchemaAjv.js';

/**
 * Compiles a tool's `inputSchema` once, at registration. The schema must be
 * an object schema (`type: 'object'`) in draft 2020-12 (the default) or
 * draft-07. Each schema compiles in an ajv instance of its own
 * (`createSchemaAjv`), which nothing else ever sees: no `$id` one tool
 * declares can shadow, remove or break another tool's schema or a
 * meta-schema, and a failed compile leaves nothing behind.
 */
export function compileInputSchema(schema: unknown): ScopeResult<ValidateFunction> {
  if (!isPlainObject(schema)) {
    return { ok: false, problem: 'inputSchema must be a JSON Schema object' };
  }
  if (schema.type !== 'object') {
    return {
      ok: false,
      problem:
        'inputSchema must describe an object: set type to "object" (arguments are always an object)',
    };
  }
  try {
    const draft = checkSchemaDraft(schema);
    if (!draft.ok) return draft;
    return { ok: true, value: createSchemaAjv(draft.value).compile(schema) };
  } catch (error) {
    // Ajv's own setup can fail too, e.g. under a polluted Object.prototype.
    return { ok: false, problem: `inputSchema does not compile: ${messageOf(error)}` };
  }
}
