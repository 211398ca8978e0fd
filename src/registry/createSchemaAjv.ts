import { Ajv, type Options } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { addLinearFormats } from './addLinearFormats.js';
import { createUniqueItemsKeyword } from './uniqueItemsKeyword.js';
import { linearRegExp } from './linearRegExp.js';

/** The JSON Schema drafts a tool's `inputSchema` may be written in. */
export type SchemaDraft = '2020-12' | 'draft-07';

const OPTIONS: Options = {
  allErrors: true,
  // Tool schemas come from many sources (MCP servers among them) with
  // annotations ajv does not know; unknown keywords are ignored, not fatal.
  strict: false,
  // Never print: the core does no I/O.
  logger: false,
  // `required` must not be satisfied by a polluted Object.prototype.
  ownProperties: true,
  // The instance holds one tool schema and nothing else: no meta-schemas to
  // `$ref` or overwrite (the schema was checked against its meta-schema by
  // `checkSchemaDraft`, with ajv's validator generated ahead of time), and
  // nothing kept by `$id`.
  meta: false,
  validateSchema: false,
  addUsedSchema: false,
  // Linear-time `pattern` and `patternProperties`, whatever the pattern.
  code: { regExp: linearRegExp },
};

/**
 * Creates the ajv instance one tool schema is compiled in, and nothing else:
 * whatever that schema declares (`$id`s, anchors, a failed compile) lives
 * and dies with its own validator, never reaching another tool or registry.
 * Every keyword runs in time near-linear in the arguments: `uniqueItems` by
 * canonical keys, formats per `addLinearFormats`, patterns in RE2.
 */
export function createSchemaAjv(draft: SchemaDraft): Ajv | Ajv2020 {
  const ajv = draft === '2020-12' ? new Ajv2020(OPTIONS) : new Ajv(OPTIONS);
  ajv.removeKeyword('uniqueItems');
  ajv.addKeyword(createUniqueItemsKeyword());
  addLinearFormats(ajv);
  return ajv;
}
