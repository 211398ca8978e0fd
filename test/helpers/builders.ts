import { createGrant } from '../../src/grant/createGrant.js';
import type { Grant, GrantSpec } from '../../src/grant/types.js';
import { createRegistry } from '../../src/registry/createRegistry.js';
import type { BuiltinsMode, Registry, ToolDefinition } from '../../src/registry/types.js';

/**
 * A valid tool definition, `search@1`: one required string `query`, no
 * resources. Override any field; the result is a fresh object every call.
 *
 * // aTool({ name: 'slack/search', network: ['slack.com'] })
 */
export function aTool(overrides: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name: 'search',
    version: 1,
    kind: 'custom',
    description: 'Searches the documents.',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string' } },
      required: ['query'],
      additionalProperties: false,
    },
    ...overrides,
  };
}

/**
 * A registry holding exactly `tools` (no built-ins unless `builtins` says so).
 *
 * // aRegistry([aTool(), aTool({ name: 'fetch' })])
 * // aRegistry([], 'self-run')
 */
export function aRegistry(
  tools: readonly ToolDefinition[] = [],
  builtins: BuiltinsMode = 'none',
): Registry {
  const registry = createRegistry({ builtins });
  for (const tool of tools) registry.register(tool);
  return registry;
}

/**
 * A grant made by `createGrant`: by default it grants `search@1` (the ref of
 * `aTool()`) and no scope. Overrides replace whole keys.
 *
 * // aGrant({ network: ['api.example.com'] }) => tools ['search@1'], network ['api.example.com']
 * // aGrant({ tools: [] })                    => grants nothing
 */
export function aGrant(overrides: GrantSpec = {}): Grant {
  return createGrant({ tools: ['search@1'], ...overrides });
}
