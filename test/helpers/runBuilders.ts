import {
  createGate,
  createGrant,
  createRegistry,
  createRun,
  type BuiltinsMode,
  type Gate,
  type Grant,
  type GrantSpec,
  type Registry,
  type Run,
  type RunOptions,
} from '../../src/index.js';
import { aTool } from './builders.js';

/**
 * A registry for runs (no built-ins unless asked): `search@1` (query),
 * `vault/use@1` (a secret name at /secret, optional names at /more/*),
 * `files/read@1` (a path to read, shape `read`) and `net/get@1` (a url).
 *
 * // aRunRegistry()          => those four
 * // aRunRegistry('managed') => those four plus the managed built-ins
 */
export function aRunRegistry(builtins: BuiltinsMode = 'none'): Registry {
  const registry = createRegistry({ builtins });
  registry.register(aTool());
  registry.register({
    name: 'vault/use',
    version: 1,
    description: 'Uses a secret by name.',
    inputSchema: {
      type: 'object',
      properties: {
        secret: { type: 'string' },
        more: { type: 'array', items: { type: 'string' } },
      },
      required: ['secret'],
    },
    resources: [
      { kind: 'secret', at: '/secret' },
      { kind: 'secret', at: '/more/*' },
    ],
  });
  registry.register({
    name: 'files/read',
    version: 1,
    description: 'Reads a file.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    shapes: ['read'],
    resources: [{ kind: 'path', at: '/path', access: 'read' }],
  });
  registry.register({
    name: 'net/get',
    version: 1,
    description: 'Fetches a URL.',
    inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
    resources: [{ kind: 'url', at: '/url' }],
  });
  return registry;
}

/** Everything granted for the run registry: its four tools, /srv, example.com, APP_KEY and the DB_* secrets. */
export const RUN_GRANT: GrantSpec = {
  tools: ['search@1', 'vault/use@1', 'files/read@1', 'net/get@1'],
  folders: ['/srv'],
  network: ['example.com'],
  secrets: ['APP_KEY', 'DB_*'],
};

/**
 * A run over `aRunRegistry()` and `RUN_GRANT`; override grant keys or run options.
 *
 * // aRun({ grant: { budgets: { turns: 2 } } })
 * // aRun({ run: { steps: [{ name: 'a', tools: ['search'] }] } })
 */
export function aRun(
  overrides: {
    readonly grant?: GrantSpec;
    readonly run?: Partial<RunOptions>;
    readonly registry?: Registry;
  } = {},
): { readonly run: Run; readonly gate: Gate; readonly grant: Grant; readonly registry: Registry } {
  const registry = overrides.registry ?? aRunRegistry();
  const gate = createGate({ registry });
  const grant = createGrant({ ...RUN_GRANT, ...overrides.grant });
  const run = createRun({ gate, grant, ...overrides.run });
  return { run, gate, grant, registry };
}

/** A proposed call. // aCall('search', { query: 'x' }) */
export const aCall = (tool: string, args: unknown, version = 1) => ({
  tool,
  version,
  arguments: args,
});

/** A turn of calls. // callsTurn(aCall('search', { query: 'x' })) */
export const callsTurn = (...calls: unknown[]) => ({ calls });

/** A turn that passes the proposal stage: one `search@1` call. */
export const SEARCH_TURN = callsTurn(aCall('search', { query: 'budget' }));

/** A turn the proposal stage rejects: a tool nobody granted. */
export const UNGRANTED_TURN = callsTurn(aCall('web-search', { query: 'x' }, 2));

/** An answer turn. */
export const ANSWER_TURN = { answer: 'done' };
