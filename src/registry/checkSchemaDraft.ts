import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { addFormats } from '../deps/ajvFormats.js';
import type { ScopeResult } from '../scope/result.js';
import type { SchemaDraft } from './createSchemaAjv.js';

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
const META_2020 = 'https://json-schema.org/draft/2020-12/schema';
const META_07 = 'http://json-schema.org/draft-07/schema';

/** The meta-schema validators, each in an instance that only ever compiles its meta-schema. */
const meta: Partial<Record<SchemaDraft, { ajv: Ajv | Ajv2020; validate: ValidateFunction }>> = {};

/** The validator of a draft's meta-schema, compiled once (about 30 ms) on first use. */
function metaValidatorFor(draft: SchemaDraft): { ajv: Ajv | Ajv2020; validate: ValidateFunction } {
  const known = meta[draft];
  if (known !== undefined) return known;
  const ajv =
    draft === '2020-12'
      ? new Ajv2020({ strict: false, logger: false })
      : new Ajv({ strict: false, logger: false });
  // Formats make the meta-schema check that `pattern` is a valid regular expression.
  addFormats(ajv);
  const validate = ajv.getSchema(draft === '2020-12' ? META_2020 : META_07);
  // INVARIANT: ajv ships both meta-schemas; a missing one is a broken install.
  if (validate === undefined) throw new Error(`ajv has no meta-schema for ${draft}`);
  return (meta[draft] = { ajv, validate });
}

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
  const { ajv, validate } = metaValidatorFor(draft);
  if (validate(schema)) return { ok: true, value: draft };
  return {
    ok: false,
    problem: `inputSchema does not compile: schema is invalid: ${ajv.errorsText(validate.errors)}`,
  };
}

/**
 * How many schemas, references and compilations the meta-schema instances
 * hold. For tests: no tool schema may ever add to it, whatever it declares
 * and however often it fails.
 */
export function metaSchemaHoldings(): number {
  let count = 0;
  for (const held of Object.values(meta)) {
    count +=
      Object.keys(held.ajv.schemas).length +
      Object.keys(held.ajv.refs).length +
      held.ajv._compilations.size;
  }
  return count;
}
