import { Ajv, type Options, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isPlainObject } from '../data/isPlainObject.js';
import { messageOf } from '../data/messageOf.js';
import type { ScopeResult } from '../scope/result.js';

// ajv-formats is CommonJS: its default import is `module.exports`, the
// plugin itself, which carries itself again as `.default`.
const addFormats = addFormatsModule.default;

const OPTIONS: Options = {
  allErrors: true,
  // Tool schemas come from many sources (MCP servers among them) with
  // annotations ajv does not know; unknown keywords are ignored, not fatal.
  strict: false,
  // Never print: the core does no I/O.
  logger: false,
  // Two tools may carry schemas with the same `$id`; each compiles alone.
  addUsedSchema: false,
  // `required` must not be satisfied by a polluted Object.prototype.
  ownProperties: true,
};

let draft2020: Ajv2020 | undefined;
let draft07: Ajv | undefined;

const DRAFT_07 = new Set([
  'http://json-schema.org/draft-07/schema#',
  'http://json-schema.org/draft-07/schema',
  'https://json-schema.org/draft-07/schema#',
  'https://json-schema.org/draft-07/schema',
]);
const DRAFT_2020 = new Set([
  'https://json-schema.org/draft/2020-12/schema',
  'https://json-schema.org/draft/2020-12/schema#',
]);

/** Picks the ajv instance for a schema's `$schema`: draft 2020-12 (also when absent) or draft-07. */
function ajvFor(schema: Readonly<Record<string, unknown>>): Ajv | Ajv2020 | undefined {
  const declared = schema.$schema;
  if (declared === undefined || (typeof declared === 'string' && DRAFT_2020.has(declared))) {
    if (draft2020 === undefined) {
      draft2020 = new Ajv2020(OPTIONS);
      addFormats(draft2020);
    }
    return draft2020;
  }
  if (typeof declared === 'string' && DRAFT_07.has(declared)) {
    if (draft07 === undefined) {
      draft07 = new Ajv(OPTIONS);
      addFormats(draft07);
    }
    return draft07;
  }
  return undefined;
}

/**
 * Compiles a tool's `inputSchema` once, at registration. The schema must be
 * an object schema (`type: 'object'`) in draft 2020-12 (the default) or draft-07.
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
  let ajv: Ajv | Ajv2020 | undefined;
  try {
    ajv = ajvFor(schema);
  } catch (error) {
    // Ajv's own setup can fail, e.g. under a polluted Object.prototype.
    return { ok: false, problem: `inputSchema could not be compiled: ${messageOf(error)}` };
  }
  if (ajv === undefined) {
    return {
      ok: false,
      problem:
        'inputSchema.$schema must be draft 2020-12 ("https://json-schema.org/draft/2020-12/schema") or draft-07 ("http://json-schema.org/draft-07/schema#"), or be left out for 2020-12',
    };
  }
  try {
    return { ok: true, value: ajv.compile(schema) };
  } catch (error) {
    return { ok: false, problem: `inputSchema does not compile: ${messageOf(error)}` };
  }
}

/** Lets ajv forget a schema compiled by `compileInputSchema`, when its tool is removed. */
export function releaseInputSchema(schema: Readonly<Record<string, unknown>>): void {
  ajvFor(schema)?.removeSchema(schema);
}
