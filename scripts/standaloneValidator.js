// What both generated validator modules are made of: one compiled validator's
// ajv standalone code, as an expression that evaluates to the validator
// (scripts/metaSchemaValidators.js, scripts/schemaValidators.js).
import standaloneModule from 'ajv/dist/standalone/index.js';

const standaloneCode = standaloneModule.default ?? standaloneModule;

/**
 * The standalone code of `validate` (compiled by `ajv` with `code: { source: true, esm: true }`),
 * wrapped to evaluate to it. `helpers` maps each runtime helper the code requires
 * (`require("ajv/dist/runtime/…").default`) to the name the module imports it under; any other
 * `require` is an error naming it, so an ajv that needs a new helper fails here, not at run time.
 */
export function standaloneExpression(ajv, validate, label, helpers) {
  const code = standaloneCode(ajv, validate);
  const head = /^"use strict";export const validate = (\w+);export default \1;/.exec(code);
  if (head === null) throw new Error(`ajv's standalone code for ${label} starts unexpectedly`);
  let body = code.slice(head[0].length);
  for (const [required, name] of helpers) body = body.replaceAll(required, name);
  const unknown = /require\([^)]*\)/.exec(body);
  if (unknown !== null) throw new Error(`ajv's code for ${label} needs ${unknown[0]}: import it`);
  return `/* @__PURE__ */ (() => {\n${body}\nreturn ${head[1]};\n})()`;
}
