import { throwIfProblems, ToolgateError } from '../errors/ToolgateError.js';
import { describeValue } from '../data/describeValue.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { builtinsFor } from './builtins.js';
import { createSchemaPool } from './createSchemaPool.js';
import { attachCompiledTools, attachSchemaPool } from './registryInternals.js';
import { toolDigest } from './toolDigest.js';
import type { BuiltinsMode, InventoryRow, Registry, ToolEntry } from './types.js';
import { validateDefinition, type CompiledTool } from './validateDefinition.js';

const MODES: readonly BuiltinsMode[] = ['self-run', 'managed', 'none'];
const NOT_REMOVED = 'not removed (absent or a built-in)' as const;

/**
 * Creates the standing list of tools that exist. Registering grants no
 * authority; only a grant does. `builtins` picks the built-in tools:
 * `'self-run'` (default: fs-read@1, fs-write@1, text-summarize@1),
 * `'managed'` (the same, the file tools never grantable) or `'none'`.
 */
export function createRegistry(options: { readonly builtins?: BuiltinsMode } = {}): Registry {
  if (!isPlainObject(options)) {
    throw new ToolgateError(
      'invalid_option',
      'createRegistry options must be an object such as { builtins: "self-run" }',
    );
  }
  for (const key of Object.keys(options)) {
    if (key !== 'builtins') {
      throw new ToolgateError(
        'invalid_option',
        `createRegistry has no option ${JSON.stringify(key)}; the only option is builtins`,
      );
    }
  }
  // Only a missing option means the default: `null` is a mistake, not "self-run".
  const mode = options.builtins === undefined ? 'self-run' : options.builtins;
  if (!MODES.includes(mode)) {
    throw new ToolgateError(
      'invalid_option',
      `builtins ${describeValue(mode)} must be "self-run", "managed" or "none"`,
    );
  }
  return createRegistryWith(builtinsFor(mode));
}

/**
 * Creates a registry whose built-in tools are exactly `builtins`. Internal:
 * `selfRunRuntime` uses it to leave the file tools out (Kortecx: no folder or
 * no model served, no file tool); everyone else goes through `createRegistry`.
 */
export function createRegistryWith(builtins: ReturnType<typeof builtinsFor>): Registry {
  const tools = new Map<string, CompiledTool>();
  // Tools with identical schemas share one validator; each tool's schema key, to release it.
  const schemas = createSchemaPool();
  const schemaKeys = new Map<string, string>();
  let revision = 0;

  const add = (definition: unknown, builtIn: boolean, grantable: boolean): ToolEntry => {
    const { problems, compiled, shared } = validateDefinition(
      definition,
      { builtIn, grantable },
      schemas,
    );
    const name = isPlainObject(definition) ? describeValue(definition.name) : 'the tool';
    throwIfProblems('invalid_tool', `the definition of ${name}`, problems);
    // INVARIANT: validateDefinition returns a compiled tool whenever it reports no problem.
    if (compiled === undefined || shared === undefined)
      throw new ToolgateError('invalid_tool', `the definition of ${name} is invalid`);
    const { ref } = compiled.entry;
    if (tools.has(ref)) {
      throw new ToolgateError(
        'duplicate_tool',
        `${ref} is already registered; register a new version or deregister it first`,
      );
    }
    tools.set(ref, compiled);
    schemas.retain(shared);
    schemaKeys.set(ref, shared.key);
    revision++;
    return compiled.entry;
  };

  for (const { definition, grantable } of builtins) add(definition, true, grantable);

  const registry = Object.freeze<Registry>({
    register: (definition) => add(definition, false, true),
    deregister: (ref) => {
      const compiled = typeof ref === 'string' ? tools.get(ref) : undefined;
      if (compiled === undefined || compiled.entry.builtIn) {
        return { removed: false, message: NOT_REMOVED } as const;
      }
      tools.delete(ref);
      const key = schemaKeys.get(ref);
      schemaKeys.delete(ref);
      if (key !== undefined) schemas.release(key);
      revision++;
      return { removed: true } as const;
    },
    resolve: (ref) => (typeof ref === 'string' ? tools.get(ref)?.entry : undefined),
    inventory: () =>
      [...tools.values()]
        .map(({ entry }): InventoryRow =>
          Object.freeze({
            name: entry.name,
            version: entry.version,
            kind: entry.kind,
            builtIn: entry.builtIn,
            grantable: entry.grantable,
            network: entry.network,
            description: entry.description,
            digest: toolDigest(entry),
          }),
        )
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.version - b.version)),
    revision: () => revision,
  });
  attachCompiledTools(registry, tools);
  attachSchemaPool(registry, schemas);
  return registry;
}
