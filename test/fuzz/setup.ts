import {
  createGate,
  createGrant,
  createRegistry,
  type Gate,
  type GateContext,
  type Registry,
  type ToolDefinition,
} from '../../src/index.js';
import type { OracleScope, OracleTool } from './oracle.js';

/**
 * The world the fuzzer decides in: a registry, gates, eight contexts, and
 * the oracle's own plain description of each (tools, grants, steps, the
 * fake file system a realpath gate sees), kept apart from src/ so the
 * oracle never reads the gate's compiled data.
 */

const str = (value: unknown) => typeof value === 'string';
/** Exactly these keys are present (`required`) or may be (`optional`), no others. */
const keysWithin = (
  args: Readonly<Record<string, unknown>>,
  required: readonly string[],
  optional: readonly string[] = [],
) =>
  required.every((key) => Object.hasOwn(args, key)) &&
  Object.keys(args).every((key) => required.includes(key) || optional.includes(key));

export const DEFINITIONS: readonly ToolDefinition[] = [
  {
    name: 'slack/search',
    version: 1,
    description: 'Search messages.',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
      required: ['query'],
      additionalProperties: false,
    },
    network: ['api.slack.com'],
    secrets: ['SLACK_TOKEN'],
  },
  {
    name: 'http/get',
    version: 1,
    description: 'Fetches a URL.',
    inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
    resources: [{ kind: 'url', at: '/url' }],
  },
  {
    name: 'net/ping',
    version: 1,
    description: 'Pings hosts.',
    inputSchema: {
      type: 'object',
      properties: { hosts: { type: 'array', items: { type: 'string' } } },
    },
    resources: [{ kind: 'host', at: '/hosts/*' }],
  },
  {
    name: 'vault/use',
    version: 1,
    description: 'Uses a secret.',
    inputSchema: {
      type: 'object',
      properties: { secret: { type: 'string' } },
      required: ['secret'],
    },
    resources: [{ kind: 'secret', at: '/secret' }],
  },
  {
    name: 'sync/all',
    version: 1,
    description: 'Copies a file to a URL with a secret.',
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
  },
  {
    name: 'files/copy',
    version: 1,
    description: 'Copies files into one folder.',
    inputSchema: {
      type: 'object',
      properties: {
        files: {
          type: 'array',
          items: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        },
        dest: { type: 'string' },
      },
      required: ['files', 'dest'],
    },
    resources: [
      { kind: 'path', at: '/files/*/path', access: 'read' },
      { kind: 'path', at: '/dest' },
    ],
  },
  {
    name: 'admin/wipe',
    version: 1,
    description: 'Registered, never granted.',
    inputSchema: { type: 'object' },
  },
];

/** The oracle's view of every registered tool, with each inputSchema as a hand-written predicate. */
export const ORACLE_TOOLS: ReadonlyMap<string, OracleTool> = new Map<string, OracleTool>(
  (
    [
      {
        ref: 'fs-read@1',
        shapes: ['read'],
        resources: [{ kind: 'path', at: ['path'], access: 'read' }],
        validArguments: (a) => keysWithin(a, ['path']) && str(a.path),
      },
      {
        ref: 'fs-write@1',
        shapes: ['overwrite'],
        resources: [{ kind: 'path', at: ['path'], access: 'write' }],
        validArguments: (a) => keysWithin(a, ['path', 'content']) && str(a.path) && str(a.content),
      },
      {
        ref: 'text-summarize@1',
        validArguments: (a) =>
          keysWithin(a, ['text'], ['maxSentences']) &&
          str(a.text) &&
          (a.maxSentences === undefined ||
            (typeof a.maxSentences === 'number' &&
              Number.isInteger(a.maxSentences) &&
              a.maxSentences >= 1)),
      },
      {
        ref: 'slack/search@1',
        network: [{ kind: 'exact', host: 'api.slack.com' }],
        secrets: ['SLACK_TOKEN'],
        validArguments: (a) =>
          keysWithin(a, ['query'], ['limit']) &&
          str(a.query) &&
          (a.limit === undefined ||
            (typeof a.limit === 'number' && Number.isInteger(a.limit) && a.limit >= 1)),
      },
      {
        ref: 'http/get@1',
        resources: [{ kind: 'url', at: ['url'], access: 'write' }],
        validArguments: (a) => Object.hasOwn(a, 'url') && str(a.url),
      },
      {
        ref: 'net/ping@1',
        resources: [{ kind: 'host', at: ['hosts', '*'], access: 'write' }],
        validArguments: (a) =>
          a.hosts === undefined || (Array.isArray(a.hosts) && (a.hosts as unknown[]).every(str)),
      },
      {
        ref: 'vault/use@1',
        resources: [{ kind: 'secret', at: ['secret'], access: 'write' }],
        validArguments: (a) => Object.hasOwn(a, 'secret') && str(a.secret),
      },
      {
        ref: 'sync/all@1',
        shapes: ['call', 'stream'],
        resources: [
          { kind: 'url', at: ['url'], access: 'write' },
          { kind: 'path', at: ['path'], access: 'read' },
          { kind: 'secret', at: ['secret'], access: 'write' },
        ],
        validArguments: (a) =>
          ['url', 'path', 'secret'].every((key) => Object.hasOwn(a, key) && str(a[key])),
      },
      {
        ref: 'files/copy@1',
        resources: [
          { kind: 'path', at: ['files', '*', 'path'], access: 'read' },
          { kind: 'path', at: ['dest'], access: 'write' },
        ],
        validArguments: (a) =>
          Array.isArray(a.files) &&
          (a.files as unknown[]).every(
            (file) =>
              typeof file === 'object' &&
              file !== null &&
              !Array.isArray(file) &&
              Object.hasOwn(file, 'path') &&
              str((file as Record<string, unknown>).path),
          ) &&
          Object.hasOwn(a, 'dest') &&
          str(a.dest),
      },
      { ref: 'admin/wipe@1', validArguments: () => true },
    ] satisfies (Partial<OracleTool> & Pick<OracleTool, 'ref' | 'validArguments'>)[]
  ).map((tool): [string, OracleTool] => [
    tool.ref,
    { shapes: ['call'], network: [], secrets: [], resources: [], grantable: true, ...tool },
  ]),
);

const FULL_SCOPE: OracleScope = {
  tools: [
    'fs-read@1',
    'fs-write@1',
    'text-summarize@1',
    'slack/search@1',
    'http/get@1',
    'net/ping@1',
    'vault/use@1',
    'sync/all@1',
    'files/copy@1',
    'ghost/tool@1',
  ],
  roots: [
    { path: '/srv/project', write: true },
    { path: '/srv/docs', write: false },
  ],
  network: [
    { kind: 'exact', host: 'api.slack.com' },
    { kind: 'exact', host: 'example.com' },
    { kind: 'wildcard', suffix: 'example.com' },
    { kind: 'exact', host: 'files.example.org', port: 8443 },
    { kind: 'exact', host: '[::1]' },
    { kind: 'exact', host: '10.0.0.5', port: 8080 },
  ],
  secrets: ['SLACK_TOKEN', 'APP_*'],
  cwd: '/srv/project',
};

const NARROW_SCOPE: OracleScope = {
  tools: ['fs-read@1', 'http/get@1', 'net/ping@1', 'vault/use@1'],
  roots: [{ path: '/srv/docs', write: false }],
  network: [{ kind: 'exact', host: 'example.com', port: 443 }],
  secrets: [],
  cwd: '/srv/docs',
};

/**
 * The deny grant's folder entries as written (SPEC §5, §13, §14.1): absolute
 * and relative globs, with and without a `/`, `**`, braces, a folder named
 * outright, and two written in other Unicode spellings (NFD, KELVIN SIGN)
 * that createGrant must read in NFC.
 */
const DENY_FOLDERS = [
  '!/srv/project/.git/**',
  '!**/.env',
  '!secrets/*',
  '!**/Vertra\u0308ge/**',
  '!\u212Aeys',
  '!*.pem',
  '!config/{prod,stage}/**',
  '!/srv/docs/private',
] as const;

/**
 * The fake file system a realpath gate sees: every symlink, by the real path
 * where it sits, to its absolute target. Every other path is a plain entry.
 */
export const FAKE_LINKS: ReadonlyMap<string, string> = new Map([
  // Inside, and deeper: "x/.." is /srv/project/sub to the kernel, /srv/project to a normalizer.
  ['/srv/project/x', '/srv/project/sub/deeper'],
  ['/srv/project/l2', '/etc'],
  // Reached by the NFC spelling of "\u212Aontakte".
  ['/srv/project/Kontakte', '/etc/kontakte'],
  ['/srv/project/ok', '/srv/project/src'],
  ['/srv/project/envlink', '/srv/project/config/.env'],
  ['/srv/project/gitlink', '/srv/project/.git'],
  ['/srv/project/docslink', '/srv/docs'],
  // A root that is itself a link: relative deny globs are read against /data/docs too.
  ['/srv/docs', '/data/docs'],
  ['/srv/project/dl', '/data/docs/secrets/x'],
  ['/srv/project/vlink', '/srv/project/Vertra\u0308ge'],
  // Only the NFC spelling is a link (names are bytes on disk) ...
  ['/srv/project/Vertr\u00e4ge/alt', '/etc'],
  // ... or only the NFD one, as a macOS-made name copied over would be.
  ['/srv/project/Cafe\u0301', '/etc'],
  ['/srv/project/loop', '/srv/project/loop'],
]);

/** Symlinks followed on one resolution before the fake OS gives up (ELOOP), as Linux does. */
const MAX_LINK_HOPS = 40;

/**
 * The fake OS's realpath (src/realpath/RealpathFn.ts's contract): the raw
 * absolute path resolved segment by segment, `..` physically, each link
 * replaced by its target; a loop gives undefined (refuse). No entry is
 * missing here, so nothing is appended as written.
 */
export function fakeRealpath(absolutePath: string): string | undefined {
  if (!absolutePath.startsWith('/')) return undefined;
  const pending = absolutePath.split('/').reverse();
  const resolved: string[] = [];
  let hops = 0;
  while (pending.length > 0) {
    const segment = pending.pop() as string;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      resolved.pop();
      continue;
    }
    const target = FAKE_LINKS.get(`/${[...resolved, segment].join('/')}`);
    if (target === undefined) {
      resolved.push(segment);
      continue;
    }
    if (++hops > MAX_LINK_HOPS) return undefined;
    // An absolute target: start again from "/" with the target's segments, then the rest.
    resolved.length = 0;
    pending.push(...target.split('/').reverse());
  }
  return `/${resolved.join('/')}`;
}

const DENY_SCOPE: OracleScope = { ...FULL_SCOPE, denies: DENY_FOLDERS };

/** The oracle scopes, one per context, in the same order as `createFuzzWorld().contexts`. */
export const ORACLE_SCOPES: readonly OracleScope[] = [
  FULL_SCOPE,
  { ...FULL_SCOPE, cwd: 'relative/dir' },
  {
    ...FULL_SCOPE,
    step: { name: 'research', tools: ['fs-read', 'http/get', 'net/ping', 'slack/search'] },
  },
  {
    ...FULL_SCOPE,
    visible: ['fs-read', 'fs-write', 'slack/*', 'http/get', 'net/ping', 'vault/use', 'files/copy'],
  },
  NARROW_SCOPE,
  // SPEC §13, §14.1: folder denies, read lexically (no realpath) ...
  DENY_SCOPE,
  // ... and by a gate with realpath over the fake tree, with denies and without.
  { ...DENY_SCOPE, links: FAKE_LINKS },
  { ...FULL_SCOPE, links: FAKE_LINKS },
];

/** The fuzz world's registry: the built-ins and the tools above. */
export function createFuzzRegistry(): Registry {
  const registry = createRegistry();
  for (const definition of DEFINITIONS) registry.register(definition);
  return registry;
}

/**
 * Gates and contexts over a registry (a fresh one by default), built through
 * the public API only: `gates[i]` decides `contexts[i]` (a context whose
 * scope has `links` gets the gate with the fake realpath); `gate` is the one
 * without realpath.
 */
export function createFuzzWorld(registry: Registry = createFuzzRegistry()): {
  readonly gate: Gate;
  readonly gates: readonly Gate[];
  readonly contexts: readonly GateContext[];
} {
  const gate = createGate({ registry });
  const realGate = createGate({ registry, realpath: fakeRealpath });
  const grantOf = (folders: readonly (string | { path: string; access: 'read' })[]) =>
    createGrant({
      tools: [...FULL_SCOPE.tools],
      folders: [...folders],
      network: [
        'api.slack.com',
        'example.com',
        '*.example.com',
        'files.example.org:8443',
        '[::1]',
        '10.0.0.5:8080',
      ],
      secrets: ['SLACK_TOKEN', 'APP_*'],
    });
  const full = grantOf(['/srv/project', { path: '/srv/docs', access: 'read' }]);
  // Deny entries first and among the roots: order does not matter (SPEC §5).
  const denied = grantOf([
    ...DENY_FOLDERS.slice(0, 3),
    '/srv/project',
    ...DENY_FOLDERS.slice(3),
    { path: '/srv/docs', access: 'read' },
  ]);
  const narrow = createGrant({
    tools: [...NARROW_SCOPE.tools],
    folders: [{ path: '/srv/docs', access: 'read' }],
    network: ['example.com:443'],
    secrets: [],
  });
  const contexts: GateContext[] = ORACLE_SCOPES.map((scope) => ({
    grant: scope === NARROW_SCOPE ? narrow : Object.hasOwn(scope, 'denies') ? denied : full,
    // Object.hasOwn: the poisoning test builds these under a polluted Object.prototype.
    ...(Object.hasOwn(scope, 'cwd') ? { cwd: scope.cwd } : {}),
    ...(Object.hasOwn(scope, 'step') ? { step: scope.step } : {}),
    ...(Object.hasOwn(scope, 'visible') ? { visible: scope.visible } : {}),
  }));
  const gates = ORACLE_SCOPES.map((scope) => (Object.hasOwn(scope, 'links') ? realGate : gate));
  return { gate, gates, contexts };
}

/** The tool names the generators propose: registered, granted, ungranted and unknown ones. */
export const TOOL_NAMES: readonly string[] = [
  'fs-read',
  'fs-write',
  'text-summarize',
  'slack/search',
  'http/get',
  'net/ping',
  'vault/use',
  'sync/all',
  'files/copy',
  'admin/wipe',
  'ghost/tool',
  'Fs-read',
  'slack',
  'slack/search/x',
];
