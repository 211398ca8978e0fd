import type { ValidateFunction } from 'ajv';
import { clonePlainJson } from '../data/clonePlainJson.js';
import { describeValue } from '../data/describeValue.js';
import { hasOwn } from '../data/hasOwn.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { parseHostPattern, type HostPattern } from '../scope/host/index.js';
import { isSecretName } from '../scope/secret/index.js';
import { createSchemaPool, type SchemaPool, type SharedSchema } from './createSchemaPool.js';
import { formatSchemaErrors } from './formatSchemaErrors.js';
import { isToolName } from './isToolName.js';
import { isToolVersion } from './isToolVersion.js';
import { readResources, type CompiledResource } from './readResources.js';
import { readStringList } from './readStringList.js';
import type { ResourceSpec, ToolEntry } from './types.js';

/** What the gate needs of a tool, compiled once at registration. */
export interface CompiledTool {
  readonly entry: ToolEntry;
  readonly validate: ValidateFunction;
  /** The tool's own host patterns. */
  readonly networkPatterns: readonly HostPattern[];
  /** `url` and `host` resources, in declaration order. */
  readonly networkResources: readonly CompiledResource[];
  readonly pathResources: readonly CompiledResource[];
  readonly secretResources: readonly CompiledResource[];
}

/** Every key a tool definition may have. */
export const DEFINITION_KEYS: readonly string[] = [
  'name',
  'version',
  'kind',
  'description',
  'inputSchema',
  'shapes',
  'network',
  'secrets',
  'resources',
  'example',
];
const KEYS = /* @__PURE__ */ new Set(DEFINITION_KEYS);
const SHAPE = /^[a-z][\w-]{0,63}$/;

/**
 * Validates a tool definition and compiles what the gate needs. Reports every
 * problem at once; on success returns the frozen entry and its compiled parts.
 * `schemas` compiles the `inputSchema`, reusing a registry's validator for an
 * identical schema; `shared` is what it compiled, for the registry to hold.
 */
export function validateDefinition(
  input: unknown,
  origin: { readonly builtIn: boolean; readonly grantable: boolean },
  schemas: Pick<SchemaPool, 'compile'> = createSchemaPool(),
): {
  readonly problems: readonly string[];
  readonly compiled?: CompiledTool;
  readonly shared?: SharedSchema;
} {
  const cloned = clonePlainJson(input);
  if (!cloned.ok)
    return { problems: [`the definition must be plain JSON data: ${cloned.problem}`] };
  const definition = cloned.value;
  if (!isPlainObject(definition)) {
    return {
      problems: [
        'the definition must be an object with name, version, description and inputSchema',
      ],
    };
  }
  const problems: string[] = [];
  for (const key of Object.keys(definition)) {
    if (!KEYS.has(key)) {
      problems.push(`unknown key ${JSON.stringify(key)}; the keys are ${[...KEYS].join(', ')}`);
    }
  }
  // Own properties only: a polluted Object.prototype must not fill in a missing field.
  const own = (key: string): unknown => (hasOwn(definition, key) ? definition[key] : undefined);
  const name = own('name');
  const version = own('version');
  const description = own('description');
  const inputSchema = own('inputSchema');
  if (!isToolName(name)) {
    problems.push(
      `name ${describeValue(name)} must be 1–4 segments joined by "/", each a letter followed by letters, digits, "_" or "-", at most 128 characters`,
    );
  }
  if (!isToolVersion(version)) {
    problems.push(`version ${describeValue(version)} must be a positive integer, such as 1`);
  }
  const kind = hasOwn(definition, 'kind') ? definition.kind : 'custom';
  if (typeof kind !== 'string' || kind.trim() === '') {
    problems.push(
      `kind ${describeValue(kind)} must be a non-empty label, such as "custom" or "mcp"`,
    );
  }
  if (typeof description !== 'string' || description.trim() === '') {
    problems.push('description must be a non-empty string: the menu shows it to the model');
  }
  const schema = schemas.compile(inputSchema);
  if (!schema.ok) problems.push(schema.problem);

  const beforeShapes = problems.length;
  const shapes = readStringList(definition, 'shapes', ['call'], problems, (shape, where) =>
    SHAPE.test(shape)
      ? undefined
      : `${where} ${describeValue(shape)} must be a lower-case word such as "call", "read" or "overwrite"`,
  );
  // Only an empty list is this problem; a list of bad shapes was reported item by item.
  if (shapes.length === 0 && problems.length === beforeShapes) {
    problems.push('shapes must list at least one shape; the first is the default');
  }

  const network: HostPattern[] = [];
  readStringList(definition, 'network', [], problems, (text, where) => {
    const pattern = parseHostPattern(text);
    if (!pattern.ok) return `${where} ${describeValue(text)}: ${pattern.problem}`;
    network.push(pattern.value);
    return undefined;
  });
  const secrets = readStringList(definition, 'secrets', [], problems, (secret, where) =>
    isSecretName(secret)
      ? undefined
      : `${where} ${describeValue(secret)} must be 1–128 letters, digits, "_", "." or "-"`,
  );
  const resources = readResources(own('resources'), problems);

  if (schema.ok && hasOwn(definition, 'example') && !schema.value.validate(definition.example)) {
    const errors = formatSchemaErrors(schema.value.validate.errors)
      .map((error) => `${error.pointer || '/'} ${error.message}`)
      .join('; ');
    problems.push(
      `example does not match the inputSchema (${errors}); fix the example or the schema`,
    );
  }
  if (problems.length > 0 || !schema.ok || !isToolName(name) || !isToolVersion(version)) {
    return { problems };
  }
  const entry: ToolEntry = Object.freeze({
    name,
    version,
    ref: `${name}@${version}`,
    kind: kind as string,
    description: description as string,
    // The pool's copy: identical to this definition's, and shared by every tool that has it.
    inputSchema: schema.value.schema,
    shapes: Object.freeze(shapes),
    network: Object.freeze(network.map((pattern) => pattern.text)),
    secrets: Object.freeze(secrets),
    resources: Object.freeze(resources.map((resource) => resource.spec)),
    ...(hasOwn(definition, 'example') ? { example: definition.example } : {}),
    builtIn: origin.builtIn,
    grantable: origin.grantable,
  });
  const ofKinds = (...kinds: ResourceSpec['kind'][]) =>
    Object.freeze(resources.filter((resource) => kinds.includes(resource.spec.kind)));
  return {
    problems,
    shared: schema.value,
    compiled: Object.freeze({
      entry,
      validate: schema.value.validate,
      networkPatterns: Object.freeze(network),
      networkResources: ofKinds('url', 'host'),
      pathResources: ofKinds('path'),
      secretResources: ofKinds('secret'),
    }),
  };
}
