import type { ErrorObject } from 'ajv';
import type { ScopeResult } from '../scope/result.js';
import type { SchemaDraft } from './createSchemaAjv.js';
import {
  validate07,
  validate2020,
  type MetaSchemaValidator,
} from './metaSchemaValidators.generated.js';

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
/**
 * The meta-schema validators: ajv's own, compiled ahead of time
 * (scripts/metaSchemaValidators.js). Generated code with no instance behind it:
 * nothing a tool schema declares can add to or change them, and a fresh
 * process does not compile the 2020-12 meta-schema (110-170 ms) before its
 * first registration.
 */
const META: Readonly<Record<SchemaDraft, MetaSchemaValidator>> = {
  '2020-12': validate2020,
  'draft-07': validate07,
};

/**
 * Which draft a schema is written in (its `$schema`: 2020-12, also when
 * absent, or draft-07), once it is checked against that draft's meta-schema.
 * The meta-schema validators are shared and read-only: they compile no tool
 * schema, so no tool can change them.
 */
export function checkSchemaDraft(
  schema: Readonly<Record<string, unknown>>,
): ScopeResult<SchemaDraft> {
  const declared = schema.$schema;
  const draft: SchemaDraft | undefined =
    declared === undefined || (typeof declared === 'string' && DRAFT_2020.has(declared))
      ? '2020-12'
      : typeof declared === 'string' && DRAFT_07.has(declared)
        ? 'draft-07'
        : undefined;
  if (draft === undefined) {
    return {
      ok: false,
      problem:
        'inputSchema.$schema must be draft 2020-12 ("https://json-schema.org/draft/2020-12/schema") or draft-07 ("http://json-schema.org/draft-07/schema#"), or be left out for 2020-12',
    };
  }
  const validate = META[draft];
  if (validate(schema)) return { ok: true, value: draft };
  return {
    ok: false,
    problem: `inputSchema does not compile: schema is invalid: ${errorsText(validate.errors)}`,
  };
}

/**
 * The errors as ajv's `errorsText` writes them: "data/path message", joined
 * with ", " (test/registry/metaSchemaValidators.test.ts holds it to ajv's).
 */
export function errorsText(errors: readonly ErrorObject[] | null | undefined): string {
  if (errors === null || errors === undefined || errors.length === 0) return 'No errors';
  return errors.map((error) => `data${error.instancePath} ${error.message ?? ''}`).join(', ');
}
