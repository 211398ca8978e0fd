/**
 * The full-pipeline case of issue 8: one call with schema validation, a URL
 * host, a path and a secret, through both stages. Each peer is wrapped with
 * the same ajv validator and the same path canonicalizer (toolgate's own),
 * so every side does equal work around its decision; the hand-written
 * minimal pipeline does the same steps with nothing but Sets.
 */
import { createMongoAbility, subject } from '@casl/ability';
import * as cedar from '@cedar-policy/cedar-wasm/nodejs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { newEnforcer, newModelFromString, StringAdapter } from 'casbin';
import { createGate, createGrant, createRegistry } from '../../src/index.js';
import { canonicalizePath } from '../../src/scope/path/index.js';
import { isCedarAllow, preparse } from './decisionCase.js';

export const inputSchema = {
  type: 'object',
  properties: { url: { type: 'string' }, path: { type: 'string' }, secret: { type: 'string' } },
  required: ['url', 'path', 'secret'],
  additionalProperties: false,
} as const;

/** The arguments of one upload call. */
export interface UploadArguments {
  readonly url: string;
  readonly path: string;
  readonly secret: string;
}

/** A proposed turn, as every engine receives it: a decoded value. */
export interface UploadTurn {
  readonly calls: readonly [
    { readonly tool: string; readonly version: number; readonly arguments: UploadArguments },
  ];
}

export const TOOL = 'sync/upload';
export const ROOT = '/srv/project';
export const HOST = 'api.example.com';
export const SECRET = 'UPLOAD_TOKEN';
const RUN = 'R';

/** `count` allowed turns, each with its own URL and path; flat fresh strings, as JSON.parse hands them over. */
export function uploadTurns(count: number): UploadTurn[] {
  return JSON.parse(
    JSON.stringify(
      Array.from({ length: count }, (_, i) => ({
        calls: [
          {
            tool: TOOL,
            version: 1,
            arguments: {
              url: `https://${HOST}/v1/files/${i}`,
              path: `${ROOT}/src/file-${i}.ts`,
              secret: SECRET,
            },
          },
        ],
      })),
    ),
  ) as UploadTurn[];
}

/** Turns each engine must refuse: a host, a path, a secret or a version outside the grant, or bad arguments. */
export function refusedTurns(): UploadTurn[] {
  const args = { url: `https://${HOST}/x`, path: `${ROOT}/a.ts`, secret: SECRET };
  const call = (version: number, changed: Partial<UploadArguments>) => ({
    calls: [{ tool: TOOL, version, arguments: { ...args, ...changed } }] as const,
  });
  return [
    call(1, { url: 'https://evil.example.com/x' }),
    call(1, { path: '/srv/project2/a.ts' }),
    call(1, { path: `${ROOT}/../etc/passwd` }),
    call(1, { secret: 'OTHER_TOKEN' }),
    call(2, {}),
    {
      calls: [
        {
          tool: TOOL,
          version: 1,
          arguments: { url: args.url, path: args.path } as UploadArguments,
        },
      ],
    },
  ];
}

/** One engine: decides a whole turn, true for allowed. */
export interface PipelineEngine {
  readonly name: string;
  readonly decide: (turn: UploadTurn) => boolean;
}

/**
 * toolgate itself: `authorize` runs both stages; `authorizeText` takes the turn as JSON text;
 * `stages` and `stagesText` call `checkTurn`, then `checkDispatch` on each call it issued, as a
 * runtime that dispatches later does.
 */
export function toolgatePipeline(): PipelineEngine & {
  readonly authorizeText: (text: string) => boolean;
  readonly stages: (turn: UploadTurn | string) => boolean;
} {
  const registry = createRegistry({ builtins: 'none' });
  registry.register({
    name: TOOL,
    version: 1,
    description: 'Uploads a file to a URL with a token.',
    inputSchema,
    resources: [
      { kind: 'url', at: '/url' },
      { kind: 'path', at: '/path', access: 'read' },
      { kind: 'secret', at: '/secret' },
    ],
  });
  const grant = createGrant({
    tools: [`${TOOL}@1`],
    folders: [ROOT],
    network: [HOST],
    secrets: [SECRET],
  });
  const gate = createGate({ registry });
  const context = { grant, cwd: ROOT };
  const stages = (turn: UploadTurn | string): boolean => {
    const proposed = gate.checkTurn(turn, context);
    if (proposed.settled !== 'tool') return false;
    for (const call of proposed.calls) if (!gate.checkDispatch(call, context).allowed) return false;
    return true;
  };
  return {
    name: 'toolgate authorize',
    decide: (turn) => gate.authorize(turn, context).settled === 'tool',
    authorizeText: (text) => gate.authorize(text, context).settled === 'tool',
    stages,
  };
}

/** What a peer decides once the wrapper has validated and canonicalized: run, ref, host, path, secret. */
type PeerDecision = (
  run: string,
  ref: string,
  host: string,
  path: string,
  secret: string,
) => boolean;

/** The same validator for every wrapped peer and the floor: ajv 2020, as toolgate configures it. */
function sharedValidator() {
  return new Ajv2020({ allErrors: true, strict: false, ownProperties: true }).compile(inputSchema);
}

/** Wraps a peer: the same schema check, URL host and path canonicalization as every other side. */
function wrap(name: string, decide: PeerDecision): PipelineEngine {
  const validate = sharedValidator();
  return {
    name,
    decide: (turn) => {
      const call = turn.calls[0];
      const args = call.arguments;
      if (!validate(args)) return false;
      let host: string;
      try {
        host = new URL(args.url).hostname;
      } catch {
        return false;
      }
      const path = canonicalizePath(args.path, ROOT);
      return path.ok && decide(RUN, `${call.tool}@${call.version}`, host, path.value, args.secret);
    },
  };
}

/** The hand-written floor: the same steps, with Sets and no peer. */
export function minimalPipeline(): PipelineEngine {
  const tools = new Set([`${TOOL}@1`]);
  const hosts = new Set([HOST]);
  const secrets = new Set([SECRET]);
  const prefix = `${ROOT}/`;
  return wrap(
    'hand-written minimal pipeline (floor)',
    (_run, ref, host, path, secret) =>
      tools.has(ref) &&
      hosts.has(host) &&
      (path === ROOT || path.startsWith(prefix)) &&
      secrets.has(secret),
  );
}

const CEDAR_POLICY = `permit(principal == Run::"${RUN}", action == Action::"call", resource == Tool::"${TOOL}@1") when {
  context.host == "${HOST}" && (context.path == "${ROOT}" || context.path like "${ROOT}/*") && context.secret == "${SECRET}"
};`;

function cedarCall(run: string, ref: string, host: string, path: string, secret: string) {
  return {
    principal: { type: 'Run', id: run },
    action: { type: 'Action', id: 'call' },
    resource: { type: 'Tool', id: ref },
    context: { host, path, secret },
    entities: [],
  };
}

const CASBIN_MODEL = `
[request_definition]
r = sub, obj, act, host, path, secret

[policy_definition]
p = sub, obj, act, host, root, secret

[policy_effect]
e = some(where (p.eft == allow))

[matchers]
m = r.sub == p.sub && r.obj == p.obj && r.act == p.act && r.host == p.host && (r.path == p.root || keyMatch(r.path, p.root + "/*")) && r.secret == p.secret
`;

/** `path` equals the root or sits below it, as a CASL (Mongo) condition. */
const UNDER_ROOT = { $regex: new RegExp(`^${ROOT.replaceAll('/', '\\/')}(?:/|$)`) };

/** Every pipeline: toolgate, the floor, then each wrapped peer. Pass toolgate and the floor to reuse them. */
export async function pipelineEngines(
  toolgate: PipelineEngine = toolgatePipeline(),
  floor: PipelineEngine = minimalPipeline(),
): Promise<PipelineEngine[]> {
  const policies = { staticPolicies: CEDAR_POLICY };
  const preparsedPolicySetId = preparse(CEDAR_POLICY);
  const enforcer = await newEnforcer(
    newModelFromString(CASBIN_MODEL),
    new StringAdapter(`p, ${RUN}, ${TOOL}@1, call, ${HOST}, ${ROOT}, ${SECRET}`),
  );
  const byConditions = createMongoAbility([
    {
      action: 'call',
      subject: 'Tool',
      conditions: { run: RUN, ref: `${TOOL}@1`, host: HOST, path: UNDER_ROOT, secret: SECRET },
    },
  ]);
  const byType = createMongoAbility([
    {
      action: 'call',
      subject: `${TOOL}@1`,
      conditions: { run: RUN, host: HOST, path: UNDER_ROOT, secret: SECRET },
    },
  ]);
  return [
    toolgate,
    floor,
    wrap('wrapped cedar-wasm isAuthorized', (...request) =>
      isCedarAllow(cedar.isAuthorized({ ...cedarCall(...request), policies })),
    ),
    wrap('wrapped cedar-wasm statefulIsAuthorized', (...request) =>
      isCedarAllow(cedar.statefulIsAuthorized({ ...cedarCall(...request), preparsedPolicySetId })),
    ),
    wrap('wrapped casbin enforceSync', (run, ref, host, path, secret) =>
      enforcer.enforceSync(run, ref, 'call', host, path, secret),
    ),
    wrap('wrapped CASL, conditions on one subject type', (run, ref, host, path, secret) =>
      byConditions.can('call', subject('Tool', { run, ref, host, path, secret })),
    ),
    wrap('wrapped CASL, subject type per tool@version', (run, ref, host, path, secret) =>
      byType.can('call', subject(ref, { run, host, path, secret })),
    ),
  ];
}

/**
 * Issue 2's reference, kept as it was written: the raw parts by hand, with
 * a split-and-join path canonicalizer and no envelope checks.
 */
export function rawSumOfParts(): (args: UploadArguments) => boolean {
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(inputSchema);
  const tools = new Set([`${TOOL}@1`]);
  const roots = new Set([ROOT]);
  const secrets = new Set([SECRET]);
  const hosts = new Set([HOST]);
  const canonicalize = (path: string) => {
    const out: string[] = [];
    for (const segment of path.split('/')) {
      if (segment === '' || segment === '.') continue;
      if (segment === '..') out.pop();
      else out.push(segment);
    }
    return `/${out.join('/')}`;
  };
  const isInsideRoots = (path: string) => {
    for (let at = path.length; at > 0; at = path.lastIndexOf('/', at - 1)) {
      if (roots.has(path.slice(0, at))) return true;
    }
    return roots.has('/');
  };
  return (args) => {
    const url = new URL(args.url);
    return (
      tools.has(`${TOOL}@1`) &&
      validate(args) &&
      hosts.has(url.hostname) &&
      isInsideRoots(canonicalize(args.path)) &&
      secrets.has(args.secret)
    );
  };
}
