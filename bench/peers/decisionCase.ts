/**
 * The decision-equivalent case of issue 8: "run R may call slack/search
 * version 1 at host api.slack.com; deny otherwise", with N entries loaded
 * (the real one in the middle), modelled in toolgate and in each peer.
 *
 * Every engine gets the same requests. `bind` turns them into the engine's
 * own input before timing; the function it returns decides one of them.
 *
 * Where the models differ: a toolgate grant scopes hosts per run, not per
 * tool, so "filler tool 3 at filler host 7" is allowed by toolgate and
 * denied by the peers. No request of this case asks that; the agreement
 * test (test/bench/peers.test.ts) pins every request the case uses.
 */
import { createMongoAbility, subject, type MongoAbility } from '@casl/ability';
import * as cedar from '@cedar-policy/cedar-wasm/nodejs';
import { newEnforcer, newModelFromString, StringAdapter } from 'casbin';
import { createGate, createGrant, createRegistry, type GateContext } from '../../src/index.js';

/** One authorization question, engine-neutral. */
export interface DecisionRequest {
  readonly run: string;
  readonly tool: string;
  readonly version: number;
  readonly host: string;
  /** Varies per request, so no engine sees the same input twice in a row. */
  readonly query: string;
}

/** An engine loaded with the case's entries. */
export interface DecisionEngine {
  readonly name: string;
  /** Prepares each request in the engine's own form (untimed); returns "decide request i" (timed). */
  readonly bind: (requests: readonly DecisionRequest[]) => (index: number) => boolean;
}

/** One entry: run R may call TOOL@VERSION at HOST. */
interface Entry {
  readonly tool: string;
  readonly version: number;
  readonly host: string;
}

export const RUN = 'R';
const REAL: Entry = { tool: 'slack/search', version: 1, host: 'api.slack.com' };

/** N entries, the real one in the middle; the others are distinct tools at distinct hosts. */
export function entriesFor(n: number): readonly Entry[] {
  return Array.from({ length: n }, (_, i) =>
    i === Math.floor(n / 2)
      ? REAL
      : { tool: `filler/tool-${i}`, version: 1, host: `api-${i}.filler.example.com` },
  );
}

/** A fresh flat string, as JSON.parse would hand over: no engine compares interned constants by identity. */
const fresh = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

/** `count` allowed requests: the real entry, with a varying query. */
export function allowRequests(count: number): DecisionRequest[] {
  return Array.from({ length: count }, (_, i) => ({
    run: fresh(RUN),
    tool: fresh(REAL.tool),
    version: REAL.version,
    host: fresh(REAL.host),
    query: fresh(`budget ${i}`),
  }));
}

/** `count` denied requests, rotating over four reasons to deny. */
export function denyRequests(count: number): DecisionRequest[] {
  const reasons: readonly Omit<DecisionRequest, 'query'>[] = [
    { run: RUN, tool: 'slack/search', version: 2, host: 'api.slack.com' }, // version not granted
    { run: RUN, tool: 'slack/search', version: 1, host: 'api.slack.com.evil.example' }, // host not granted
    { run: RUN, tool: 'slack/post', version: 1, host: 'api.slack.com' }, // tool not granted
    { run: 'R2', tool: 'slack/search', version: 1, host: 'api.slack.com' }, // another run
  ];
  return Array.from({ length: count }, (_, i) => {
    const reason = reasons[i % reasons.length] as (typeof reasons)[number];
    return {
      run: fresh(reason.run),
      tool: fresh(reason.tool),
      version: reason.version,
      host: fresh(reason.host),
      query: fresh(`budget ${i}`),
    };
  });
}

/** Requests a test can add: filler entries at their own hosts (allowed everywhere). */
export function fillerRequests(n: number): DecisionRequest[] {
  return entriesFor(n)
    .filter((entry) => entry !== REAL)
    .slice(0, 3)
    .map((entry, i) => ({ run: RUN, ...entry, query: `filler ${i}` }));
}

const refOf = (tool: string, version: number) => `${tool}@${version}`;

/** Picks input `index`, cycling through the list: every engine does the same index work. */
function cycle<T>(inputs: readonly T[]): (index: number) => T {
  const count = inputs.length;
  return (index) => inputs[index % count] as T;
}

/**
 * toolgate: one grant per run (R's holds the N entries). Two ways to ask:
 * `checkDispatch`, the per-call decision, on a call the proposal stage
 * issued earlier under a broader grant (so every request, denied ones too,
 * is a real issued call that dispatch re-checks against R's current grant);
 * and `authorize`, both stages on the proposed turn, decoding it first.
 */
function toolgateEngines(entries: readonly Entry[]): DecisionEngine[] {
  const registry = createRegistry({ builtins: 'none' });
  const inputSchema = {
    type: 'object',
    properties: { query: { type: 'string' }, host: { type: 'string' } },
    required: ['query', 'host'],
    additionalProperties: false,
  };
  const tools = [
    ...entries,
    { tool: 'slack/search', version: 2, host: '' },
    { tool: 'slack/post', version: 1, host: '' },
  ];
  for (const { tool, version } of tools) {
    registry.register({
      name: tool,
      version,
      description: `The ${tool} tool.`,
      inputSchema,
      resources: [{ kind: 'host', at: '/host' }],
    });
  }
  const grant = createGrant({
    tools: entries.map(({ tool, version }) => refOf(tool, version)),
    network: entries.map(({ host }) => host),
  });
  const contexts = new Map<string, GateContext>([[RUN, { grant }]]);
  const noGrant: GateContext = { grant: createGrant({}) };
  const proposedUnder: GateContext = {
    grant: createGrant({
      tools: tools.map(({ tool, version }) => refOf(tool, version)),
      network: ['*'],
    }),
  };
  const gate = createGate({ registry });
  const turnOf = ({ tool, version, host, query }: DecisionRequest) => ({
    calls: [{ tool, version, arguments: { query, host } }],
  });
  return [
    {
      name: 'toolgate checkDispatch',
      bind: (requests) => {
        const inputs = cycle(
          requests.map((request) => {
            const proposed = gate.checkTurn(turnOf(request), proposedUnder);
            if (proposed.settled !== 'tool')
              throw new Error(`the proposal stage refused ${JSON.stringify(request)}`);
            return { run: request.run, call: proposed.calls[0] };
          }),
        );
        return (index) => {
          const { run, call } = inputs(index);
          return gate.checkDispatch(call, contexts.get(run) ?? noGrant).allowed;
        };
      },
    },
    {
      name: 'toolgate authorize',
      bind: (requests) => {
        const inputs = cycle(
          requests.map((request) => ({ run: request.run, turn: turnOf(request) })),
        );
        return (index) => {
          const { run, turn } = inputs(index);
          return gate.authorize(turn, contexts.get(run) ?? noGrant).settled === 'tool';
        };
      },
    },
  ];
}

function cedarPolicies(entries: readonly Entry[]): string {
  return entries
    .map(
      ({ tool, version, host }) =>
        `permit(principal == Run::"${RUN}", action == Action::"call", resource == Tool::"${refOf(tool, version)}") when { context.host == "${host}" };`,
    )
    .join('\n');
}

function cedarRequest(request: DecisionRequest) {
  return {
    principal: { type: 'Run', id: request.run },
    action: { type: 'Action', id: 'call' },
    resource: { type: 'Tool', id: refOf(request.tool, request.version) },
    context: { host: request.host, query: request.query },
    entities: [],
  };
}

/** Reads a Cedar answer; an error is a bench bug, never a "deny". */
export function isCedarAllow(answer: cedar.AuthorizationAnswer): boolean {
  if (answer.type !== 'success') throw new Error(`cedar failed: ${JSON.stringify(answer.errors)}`);
  return answer.response.decision === 'allow';
}

/** Cedar `isAuthorized`: the policy text travels with every call and is parsed each time. */
function cedarEngine(entries: readonly Entry[]): DecisionEngine {
  const policies = { staticPolicies: cedarPolicies(entries) };
  return {
    name: 'cedar-wasm isAuthorized',
    bind: (requests) => {
      const inputs = cycle(requests.map((request) => ({ ...cedarRequest(request), policies })));
      return (index) => isCedarAllow(cedar.isAuthorized(inputs(index)));
    },
  };
}

let preparsedSets = 0;

/** Preparses a Cedar policy set once; returns its id. */
export function preparse(policyText: string): string {
  const id = `bench-${++preparsedSets}`;
  const answer = cedar.preparsePolicySet(id, { staticPolicies: policyText });
  if (answer.type !== 'success')
    throw new Error(`cedar could not preparse: ${JSON.stringify(answer.errors)}`);
  return id;
}

/** Cedar `statefulIsAuthorized`: the policy set is preparsed once, and named by id on each call. */
function cedarStatefulEngine(entries: readonly Entry[]): DecisionEngine {
  const preparsedPolicySetId = preparse(cedarPolicies(entries));
  return {
    name: 'cedar-wasm statefulIsAuthorized (preparsed)',
    bind: (requests) => {
      const inputs = cycle(
        requests.map((request) => ({ ...cedarRequest(request), preparsedPolicySetId })),
      );
      return (index) => isCedarAllow(cedar.statefulIsAuthorized(inputs(index)));
    },
  };
}

const CASBIN_MODEL = `
[request_definition]
r = sub, obj, act, host

[policy_definition]
p = sub, obj, act, host

[policy_effect]
e = some(where (p.eft == allow))

[matchers]
m = r.sub == p.sub && r.obj == p.obj && r.act == p.act && r.host == p.host
`;

/** casbin `enforceSync` over one policy row per entry. */
async function casbinEngine(entries: readonly Entry[]): Promise<DecisionEngine> {
  const csv = entries
    .map(({ tool, version, host }) => `p, ${RUN}, ${refOf(tool, version)}, call, ${host}`)
    .join('\n');
  const enforcer = await newEnforcer(newModelFromString(CASBIN_MODEL), new StringAdapter(csv));
  return {
    name: 'casbin enforceSync',
    bind: (requests) => {
      const inputs = cycle(
        requests.map(
          ({ run, tool, version, host }) => [run, refOf(tool, version), 'call', host] as const,
        ),
      );
      return (index) => {
        const [run, ref, action, host] = inputs(index);
        return enforcer.enforceSync(run, ref, action, host);
      };
    },
  };
}

/** CASL, one subject type `Tool` whose conditions name the tool, version and host: one ability per run. */
function caslConditionsEngine(entries: readonly Entry[]): DecisionEngine {
  const ability = createMongoAbility(
    entries.map(({ tool, version, host }) => ({
      action: 'call',
      subject: 'Tool',
      conditions: { tool, version, host },
    })),
  );
  const abilities = new Map<string, MongoAbility>([[RUN, ability]]);
  const none = createMongoAbility();
  return {
    name: 'CASL, conditions on one subject type',
    bind: (requests) => {
      const inputs = cycle(
        requests.map(({ run, tool, version, host }) => ({
          run,
          target: subject('Tool', { tool, version, host }),
        })),
      );
      return (index) => {
        const { run, target } = inputs(index);
        return (abilities.get(run) ?? none).can('call', target);
      };
    },
  };
}

/** CASL, rules indexed by subject type `tool@version`, the host as the one condition. */
function caslIndexedEngine(entries: readonly Entry[]): DecisionEngine {
  const ability = createMongoAbility(
    entries.map(({ tool, version, host }) => ({
      action: 'call',
      subject: refOf(tool, version),
      conditions: { host },
    })),
  );
  const abilities = new Map<string, MongoAbility>([[RUN, ability]]);
  const none = createMongoAbility();
  return {
    name: 'CASL, subject type per tool@version',
    bind: (requests) => {
      const inputs = cycle(
        requests.map(({ run, tool, version, host }) => ({
          run,
          target: subject(refOf(tool, version), { host }),
        })),
      );
      return (index) => {
        const { run, target } = inputs(index);
        return (abilities.get(run) ?? none).can('call', target);
      };
    },
  };
}

/** Every engine, loaded with N entries; toolgate first. */
export async function decisionEngines(n: number): Promise<DecisionEngine[]> {
  const entries = entriesFor(n);
  return [
    ...toolgateEngines(entries),
    cedarEngine(entries),
    cedarStatefulEngine(entries),
    await casbinEngine(entries),
    caslConditionsEngine(entries),
    caslIndexedEngine(entries),
  ];
}

/** The decision the case expects: allowed exactly for run R calling an entry at its own host. */
export function expectedDecision(n: number, request: DecisionRequest): boolean {
  return (
    request.run === RUN &&
    entriesFor(n).some(
      ({ tool, version, host }) =>
        tool === request.tool && version === request.version && host === request.host,
    )
  );
}
