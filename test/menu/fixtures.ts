import { createGrant, createRegistry, type GrantSpec, type Registry } from '../../src/index.js';

/** The SPEC §8 example tool. */
export const SLACK_SEARCH = {
  name: 'slack/search',
  version: 1,
  description: 'Search messages in the connected workspace.',
  inputSchema: {
    type: 'object',
    properties: { query: { type: 'string' }, limit: { type: 'integer' } },
    required: ['query'],
  },
  example: { query: 'budget' },
} as const;

/** A registry (no built-ins unless asked) holding slack/search@1, a few plain tools and `more`. */
export function aMenuRegistry(
  builtins: 'none' | 'managed' | 'self-run' = 'none',
  more: readonly Parameters<Registry['register']>[0][] = [],
): Registry {
  const registry = createRegistry({ builtins });
  registry.register(SLACK_SEARCH);
  for (const name of ['web/fetch', 'web/search', 'notes']) {
    registry.register({
      name,
      version: 1,
      description: `The ${name} tool.`,
      inputSchema: { type: 'object' },
    });
  }
  for (const definition of more) registry.register(definition);
  return registry;
}

/** A grant of these refs. */
export const grantOf = (tools: readonly string[], rest: GrantSpec = {}) =>
  createGrant({ tools, ...rest });
