import {
  createGate,
  createGrant,
  createRegistry,
  type GateContext,
  type GateOptions,
  type GrantSpec,
  type RefusalCode,
  type Registry,
} from '../../src/index.js';

/** A registry with the built-ins plus a search tool, a fetcher, a host pinger and a token user. */
export function aGateRegistry(): Registry {
  const registry = createRegistry();
  registry.register({
    name: 'slack/search',
    version: 1,
    description: 'Search messages in the connected workspace.',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'integer' } },
      required: ['query'],
      additionalProperties: false,
    },
    network: ['api.slack.com'],
    secrets: ['SLACK_TOKEN'],
    example: { query: 'budget' },
  });
  registry.register({
    name: 'http/get',
    version: 1,
    description: 'Fetches a URL.',
    inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
    resources: [{ kind: 'url', at: '/url' }],
  });
  registry.register({
    name: 'net/ping',
    version: 1,
    description: 'Pings hosts.',
    inputSchema: {
      type: 'object',
      properties: { hosts: { type: 'array', items: { type: 'string' } } },
    },
    resources: [{ kind: 'host', at: '/hosts/*' }],
  });
  registry.register({
    name: 'vault/use',
    version: 1,
    description: 'Uses a named secret.',
    inputSchema: {
      type: 'object',
      properties: { secret: { type: 'string' } },
      required: ['secret'],
    },
    resources: [{ kind: 'secret', at: '/secret' }],
  });
  registry.register({
    name: 'sync/all',
    version: 1,
    description: 'Copies a file to a URL with a secret: touches every scope.',
    inputSchema: {
      type: 'object',
      properties: { url: { type: 'string' }, path: { type: 'string' }, secret: { type: 'string' } },
      required: ['url', 'path', 'secret'],
    },
    shapes: ['call', 'stream'],
    resources: [
      { kind: 'url', at: '/url' },
      { kind: 'path', at: '/path', access: 'read' },
      { kind: 'secret', at: '/secret' },
    ],
  });
  return registry;
}

/** A grant for every fixture tool, over /srv/project (read-write), /srv/docs (read), slack and example.com. */
export const FULL_GRANT: GrantSpec = {
  tools: [
    'slack/search@1',
    'http/get@1',
    'net/ping@1',
    'vault/use@1',
    'sync/all@1',
    'fs-read@1',
    'fs-write@1',
  ],
  folders: ['/srv/project', { path: '/srv/docs', access: 'read' }],
  network: ['api.slack.com', 'example.com', '*.example.com', 'files.example.org:8443'],
  secrets: ['SLACK_TOKEN', 'APP_*'],
};

/** A gate over the fixture registry, and a context with the full grant. */
export function aGateSetup(
  grant: GrantSpec = FULL_GRANT,
  extra: Partial<GateContext> = {},
  options: Omit<GateOptions, 'registry'> = {},
) {
  const registry = aGateRegistry();
  const gate = createGate({ registry, ...options });
  const context: GateContext = { grant: createGrant(grant), cwd: '/srv/project', ...extra };
  return { registry, gate, context };
}

/** A one-call turn. */
export function aTurn(tool: string, args: unknown, more: Record<string, unknown> = {}) {
  return { calls: [{ tool, version: 1, arguments: args, ...more }] };
}

/**
 * Every refusal code the gate gives (SPEC §7, rev 2 check 9 included, and §9), written
 * out here rather than read from src. `too_many_calls` is the run's (§8), never the gate's.
 */
export const REFUSAL_CODES = [
  'malformed_proposal',
  'not_granted',
  'hidden_tool',
  'bad_arguments',
  'unknown_tool',
  'unsupported_shape',
  'network_out_of_scope',
  'folder_out_of_scope',
  'secret_out_of_scope',
  'check_failed',
  'check_refused',
  'approval_required',
  'approval_reused',
  'flow_denied',
] as const satisfies readonly RefusalCode[];
