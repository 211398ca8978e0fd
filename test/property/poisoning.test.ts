import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../src/data/deepFreeze.js';
import { readResources } from '../../src/registry/readResources.js';
import {
  createGate,
  createGrant,
  createRegistry,
  ToolgateError,
  type Gate,
  type GateContext,
  type Step,
  type ToolDefinition,
  type TurnDecision,
} from '../../src/index.js';
import { aCall, aTurnValue } from '../fuzz/generators.js';
import { createRandom, type Random } from '../fuzz/random.js';
import { createFuzzRegistry, createFuzzWorld, DEFINITIONS } from '../fuzz/setup.js';
import { deadline, enough, runs } from '../helpers/testEnv.js';

/**
 * Poisoning and immutability (fast-check's Poisoning.spec.ts, for a gate):
 * a polluted Object.prototype or Array.prototype changes no decision;
 * "__proto__" and "constructor" keys are plain data; deep-frozen inputs are
 * never written to; grants, registry entries and decisions cannot be changed.
 */

/** Properties a merge bug elsewhere in the process might plant: every name the gate reads. */
const POLLUTION: Readonly<Record<string, unknown>> = {
  path: '/etc/passwd',
  url: 'https://evil.com/',
  host: 'evil.com',
  hosts: ['evil.com'],
  secret: 'ROOT',
  query: 'x',
  tools: ['admin/wipe@1', 'fs-read', 'http/get'],
  folders: ['/'],
  network: ['*'],
  secrets: ['*'],
  budgets: {},
  access: 'write',
  kind: 'path',
  at: '/path',
  grantable: true,
  builtIn: false,
  shapes: ['append'],
  shape: 'append',
  calls: [],
  answer: 'x',
  arguments: {},
  rawArguments: '{}',
  version: 1,
  tool: 'admin/wipe',
  ref: 'admin/wipe@1',
  step: { name: 'poisoned', tools: [] },
  cwd: '/',
  visible: ['*'],
  grant: {},
  ok: true,
  allowed: true,
  settled: 'tool',
  code: 'x',
  reason: 'x',
  check: 'x',
  details: [],
  limits: { maxBytes: 1 },
  maxBytes: 1,
  maxDepth: 1,
  realpath: 'node',
  checks: [],
  registry: {},
  name: 'x',
  entry: {},
  validate: () => true,
  files: [{ path: '/etc/passwd' }],
  dest: '/etc/cron.d/x',
  content: 'x',
  text: 'x',
};
const ARRAY_POLLUTION: Readonly<Record<string, unknown>> = {
  0: '/etc/passwd',
  1: 'https://evil.com/',
  2: 'ROOT',
  3: { path: '/' },
  tools: ['*'],
};

/** Runs `body` with both prototypes polluted, and always cleans up. */
function whilePolluted<T>(body: () => T): T {
  return whilePollutedWith(POLLUTION, body, ARRAY_POLLUTION);
}

/** Runs `body` with Object.prototype (and Array.prototype) carrying `values`, and always cleans up. */
function whilePollutedWith<T>(
  values: Readonly<Record<string, unknown>>,
  body: () => T,
  arrayValues: Readonly<Record<string, unknown>> = {},
): T {
  const planted: [object, string][] = [];
  const plant = (target: object, values: Readonly<Record<string, unknown>>) => {
    for (const [key, value] of Object.entries(values)) {
      Object.defineProperty(target, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      planted.push([target, key]);
    }
  };
  try {
    plant(Object.prototype, values);
    plant(Array.prototype, arrayValues);
    return body();
  } finally {
    for (const [target, key] of planted) Reflect.deleteProperty(target, key);
  }
}

/** A definition ajv compiles even under some pollution: an object schema, maybe shapes, resources and scopes. */
function aPlainDefinition(random: Random): ToolDefinition {
  const resource = random.pick([
    { kind: 'path', at: '/path', access: 'read' },
    { kind: 'path', at: '/dest' },
    { kind: 'url', at: '/url' },
    { kind: 'host', at: '/hosts/*' },
    { kind: 'secret', at: '/secret' },
  ] as const);
  return {
    name: random.pick(['plain/tool', 'poison-check', 'x']),
    version: 1 + random.int(3),
    description: random.pick(['Does one thing.', 'A tool.']),
    inputSchema: random.pick([
      { type: 'object' },
      { type: 'object', additionalProperties: true },
      { type: 'object', required: [] },
    ]),
    ...(random.chance(0.4)
      ? { shapes: [random.pick(['call', 'read', 'overwrite', 'stream'])] }
      : {}),
    ...(random.chance(0.5) ? { resources: [resource] } : {}),
    ...(random.chance(0.3) ? { network: ['api.example.com'] } : {}),
    ...(random.chance(0.3) ? { secrets: ['API_TOKEN'] } : {}),
  };
}

/** A deterministic sample of turns: generated ones, plus calls that name every resource kind. */
function sampleTurns(count: number): unknown[] {
  const random = createRandom(4242);
  const turns: unknown[] = [];
  for (let index = 0; index < count; index++) {
    const turn = index % 3 === 0 ? { calls: [aCall(random)] } : aTurnValue(random);
    turns.push(index % 2 === 0 ? JSON.stringify(turn) : turn);
  }
  turns.push(
    { calls: [{ tool: 'fs-read', version: 1, arguments: {} }] },
    { calls: [{ tool: 'http/get', version: 1, arguments: { url: 'https://example.com/' } }] },
    { calls: [{ tool: 'net/ping', version: 1, arguments: { hosts: [] } }] },
    { calls: [{ tool: 'files/copy', version: 1, arguments: { files: [], dest: 'out' } }] },
    { calls: [{ tool: 'fs-read', version: 1, arguments: { path: 'src/app.ts' } }] },
  );
  return turns;
}

/** Every decision of the sample, as JSON: checkTurn, authorize, and dispatch of each authorized call. */
function decideAll(
  gate: Gate,
  contexts: readonly GateContext[],
  turns: readonly unknown[],
): string[] {
  const out: string[] = [];
  for (const context of contexts) {
    for (const turn of turns) {
      const proposed = gate.checkTurn(turn, context);
      out.push(JSON.stringify(proposed), JSON.stringify(gate.authorize(turn, context)));
      if (proposed.settled === 'tool')
        for (const call of proposed.calls)
          out.push(JSON.stringify(gate.checkDispatch(call, context)));
    }
  }
  return out;
}

/** The fuzz world's contexts, plus ones that leave out cwd, step and visible, where pollution could fill them in. */
function contextsOf(world: ReturnType<typeof createFuzzWorld>): GateContext[] {
  const [full] = world.contexts as [GateContext];
  return [...world.contexts, { grant: full.grant }];
}

describe('prototype pollution', () => {
  // POISON_TURNS: fewer under `npm run mutation`, where this runs once per mutant.
  const turns = sampleTurns(Number(process.env.POISON_TURNS ?? runs(1500)));

  it('changes no decision of a gate built before the pollution', () => {
    const world = createFuzzWorld();
    const contexts = contextsOf(world);
    const before = decideAll(world.gate, contexts, turns);
    const during = whilePolluted(() => decideAll(world.gate, contexts, turns));
    expect(during).toEqual(before);
  });

  it('changes no decision of grants and a gate built while polluted', () => {
    const registry = createFuzzRegistry();
    const world = createFuzzWorld(registry);
    const before = decideAll(world.gate, contextsOf(world), turns);
    const during = whilePolluted(() => {
      const polluted = createFuzzWorld(registry);
      return decideAll(polluted.gate, contextsOf(polluted), turns);
    });
    expect(during).toEqual(before);
  });

  it(
    'registers the same entry while polluted, or refuses the definition loudly',
    () => {
      // ajv compiles schemas at registration and reads them through the prototype chain; under
      // most planted keys it fails, which must surface as invalid_tool, never as a different entry.
      // Each case plants all of POLLUTION or one to three of its keys, half of them keys under which
      // ajv still compiles an object schema, and registers a fixture or a generated definition.
      const random = createRandom(3939);
      const keys = Object.keys(POLLUTION);
      const compiles = ['builtIn', 'calls', 'details', 'checks', 'validate', 'files'];
      // POISON_DEFINITIONS: fewer under `npm run mutation` (each registration compiles a schema).
      const total = Number(process.env.POISON_DEFINITIONS ?? runs(200));
      const scale = total / runs(200);
      const cases = Array.from({ length: total }, () => {
        const planted: Record<string, unknown> = {};
        if (random.chance(0.1)) Object.assign(planted, POLLUTION);
        else
          for (let count = 1 + random.int(3); count > 0; count--) {
            const key = random.pick(random.chance(0.5) ? compiles : keys);
            planted[key] = POLLUTION[key];
          }
        return {
          planted,
          definition: random.chance(0.3) ? random.pick(DEFINITIONS) : aPlainDefinition(random),
        };
      });
      const register = (definition: ToolDefinition) =>
        createRegistry({ builtins: 'none' }).register(definition);
      let same = 0;
      let refused = 0;
      for (const { planted, definition } of cases) {
        const clean = JSON.stringify(register(definition));
        const outcome = whilePollutedWith(planted, () => {
          try {
            return JSON.stringify(register(definition));
          } catch (error) {
            return error instanceof ToolgateError ? error.code : 'not a ToolgateError';
          }
        });
        if (outcome === 'invalid_tool') refused++;
        else {
          expect({ planted: Object.keys(planted), definition, outcome }).toEqual({
            planted: Object.keys(planted),
            definition,
            outcome: clean,
          });
          same++;
        }
      }
      // Both branches ran: entries registered while polluted, and definitions refused.
      expect(same).toBeGreaterThan(Math.floor(enough(25, 200) * scale));
      expect(refused).toBeGreaterThan(Math.floor(enough(100, 200) * scale));
      // A deadline, not a timing: instrumented by Stryker (its dry run) it ran past 60 s here.
    },
    deadline(180_000),
  );

  it('does not let a polluted "access" turn a write resource into a read one', () => {
    // readResources directly: under this pollution ajv itself cannot compile schemas, so register() fails loudly.
    const problems: string[] = [];
    const [resource] = whilePollutedWith({ access: 'read' }, () =>
      readResources([{ kind: 'path', at: '/path' }], problems),
    );
    expect(problems).toEqual([]);
    expect(resource?.access).toBe('write');
    expect(resource?.spec).toEqual({ kind: 'path', at: '/path', access: 'write' });
  });

  it('does not let a polluted prototype supply a missing grant scope', () => {
    const grant = whilePolluted(() => createGrant({ tools: ['fs-read@1'] }));
    expect(grant).toEqual({ tools: ['fs-read@1'], folders: [], network: [], secrets: [] });
    const gate = createGate({ registry: createRegistry() });
    const decision = whilePolluted(() =>
      gate.authorize(
        { calls: [{ tool: 'fs-read', version: 1, arguments: { path: '/etc/passwd' } }] },
        { grant },
      ),
    );
    expect(decision.settled === 'rejected' && decision.refusal.code).toBe('folder_out_of_scope');
  });

  it('does not let a polluted prototype supply a missing required argument', () => {
    const gate = createGate({ registry: createRegistry() });
    const context = { grant: createGrant({ tools: ['fs-read@1'], folders: ['/'] }) };
    const decision = whilePolluted(() =>
      gate.authorize({ calls: [{ tool: 'fs-read', version: 1, arguments: {} }] }, context),
    );
    expect(decision.settled === 'rejected' && decision.refusal.code).toBe('bad_arguments');
  });
});

describe('each value the gate reads from an object it did not make, read as an own property', () => {
  const registry = createRegistry();
  const gate = createGate({ registry });
  const grant = createGrant({
    tools: ['fs-read@1', 'fs-write@1'],
    folders: ['/srv/project', { path: '/srv/docs', access: 'read' }],
  });
  const read = (path: string, more: Record<string, unknown> = {}) => ({
    calls: [{ tool: 'fs-read', version: 1, arguments: { path }, ...more }],
  });

  it('context: an inherited cwd anchors no relative path, an inherited step or visible set narrows nothing', () => {
    expect(
      whilePollutedWith(
        { cwd: '/srv/project' },
        () => gate.authorize(read('a.md'), { grant }).settled,
      ),
    ).toBe('rejected');
    expect(
      whilePollutedWith(
        { step: { name: 'x', tools: [] } },
        () => gate.authorize(read('/srv/project/a'), { grant }).settled,
      ),
    ).toBe('tool');
    expect(
      whilePollutedWith(
        { visible: [] },
        () => gate.authorize(read('/srv/project/a'), { grant }).settled,
      ),
    ).toBe('tool');
    // A step whose name or tools only the prototype supplies is malformed, not accepted.
    const decision = whilePollutedWith({ name: 'x' }, () =>
      gate.authorize(read('/srv/project/a'), {
        grant,
        step: { tools: ['fs-read'] } as unknown as Step,
      }),
    );
    expect(decision.settled === 'rejected' && decision.refusal.check).toBe('gate.context');
  });

  it('call: an inherited shape, arguments or rawArguments never reaches the authorized call', () => {
    const turn = whilePollutedWith(
      { shape: 'overwrite', rawArguments: '{"path":"/etc/passwd"}' },
      () => gate.checkTurn(read('/srv/project/a'), { grant }),
    );
    expect(turn).toEqual({
      settled: 'tool',
      calls: [
        {
          tool: 'fs-read',
          version: 1,
          ref: 'fs-read@1',
          shape: 'read',
          arguments: { path: '/srv/project/a' },
        },
      ],
    });
    if (turn.settled === 'tool')
      expect(Object.hasOwn(turn.calls[0] as object, 'rawArguments')).toBe(false);
    const missing = whilePollutedWith({ arguments: { path: '/srv/project/a' } }, () =>
      gate.authorize({ calls: [{ tool: 'fs-read', version: 1 }] }, { grant }),
    );
    expect(missing.settled === 'rejected' && missing.refusal.code).toBe('malformed_proposal');
  });

  it('forged call: an inherited field does not complete a call handed to checkDispatch', () => {
    const forged = {
      tool: 'fs-read',
      version: 1,
      ref: 'fs-read@1',
      arguments: { path: '/srv/project/a' },
    };
    const verdict = whilePollutedWith({ shape: 'read' }, () =>
      gate.checkDispatch(forged, { grant }),
    );
    expect(!verdict.allowed && verdict.refusal.code).toBe('malformed_proposal');
  });

  it('refusal: details a polluted prototype supplies are not added to a refusal', () => {
    const decision = whilePollutedWith({ details: 'not a list' }, () =>
      gate.authorize({ answer: 1 }, { grant }),
    );
    expect(decision).toEqual({
      settled: 'rejected',
      refusal: {
        check: 'proposal.decode',
        code: 'malformed_proposal',
        reason: 'the proposal is malformed: "answer" must be a string',
      },
    });
  });

  it('extra check: a verdict of { } is not { ok: true } because the prototype says so', () => {
    const checked = createGate({
      registry,
      checks: [{ id: 'policy.sloppy', check: () => ({}) as never }],
    });
    const decision = whilePollutedWith({ ok: true }, () =>
      checked.authorize(read('/srv/project/a'), { grant }),
    );
    expect(decision.settled === 'rejected' && decision.refusal.code).toBe('check_failed');
  });

  it('gate options: an inherited realpath, checks or limits is not used', () => {
    const built = whilePollutedWith(
      {
        realpath: () => '/etc',
        limits: { maxBytes: 1 },
        maxBytes: 1,
        checks: [{ id: 'policy.no', check: () => ({ ok: false, reason: 'no' }) }],
      },
      () => createGate({ registry, limits: { maxDepth: 64 } }),
    );
    expect(built.authorize(read('/srv/project/a'), { grant }).settled).toBe('tool');
  });
});

describe('"__proto__" and "constructor" keys', () => {
  const registry = createRegistry();
  registry.register({
    name: 'http/get',
    version: 1,
    description: 'Fetches a URL.',
    inputSchema: { type: 'object' },
    resources: [
      { kind: 'url', at: '/url' },
      { kind: 'path', at: '/path', access: 'read' },
    ],
  });
  const gate = createGate({ registry });
  const context = {
    grant: createGrant({
      tools: ['http/get@1', 'fs-read@1'],
      folders: ['/srv/project'],
      network: ['example.com'],
    }),
  };
  const authorizedArgs = (turn: unknown) => {
    const decision: TurnDecision = gate.authorize(turn, context);
    if (decision.settled !== 'tool')
      throw new Error(`expected an allow, got ${JSON.stringify(decision)}`);
    return (decision.calls[0] as { arguments: Record<string, unknown> }).arguments;
  };

  it('keeps "__proto__" in arguments an own data property: the prototype never changes', () => {
    for (const turn of [
      '{"calls":[{"tool":"http/get","version":1,"arguments":{"url":"https://example.com/","__proto__":{"url":"https://evil.com/","path":"/etc/passwd"}}}]}',
      {
        calls: [
          {
            tool: 'http/get',
            version: 1,
            arguments: JSON.parse(
              '{"url":"https://example.com/","__proto__":{"path":"/etc/passwd"}}',
            ) as unknown,
          },
        ],
      },
      {
        calls: [
          {
            tool: 'http/get',
            version: 1,
            arguments: '{"url":"https://example.com/","__proto__":{"path":"/etc/passwd"}}',
          },
        ],
      },
    ]) {
      const args = authorizedArgs(turn);
      expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
      expect(Object.hasOwn(args, '__proto__')).toBe(true);
      expect(args.url).toBe('https://example.com/');
      // The tool reading args.path finds nothing, and the gate checked nothing there: they agree.
      expect(args.path).toBeUndefined();
    }
    expect(({} as Record<string, unknown>).path).toBeUndefined();
  });

  it('never writes through "constructor.prototype"', () => {
    const args = authorizedArgs(
      '{"calls":[{"tool":"http/get","version":1,"arguments":{"url":"https://example.com/","constructor":{"prototype":{"polluted":true}}}}]}',
    );
    expect(args.constructor).toEqual({ prototype: { polluted: true } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('checks a resource written under "__proto__" when the pointer names it', () => {
    registry.register({
      name: 'proto/read',
      version: 1,
      description: 'Reads a path kept under a "__proto__" key.',
      inputSchema: { type: 'object' },
      resources: [{ kind: 'path', at: '/__proto__/path', access: 'read' }],
    });
    const grant = createGrant({ tools: ['proto/read@1'], folders: ['/srv/project'] });
    const decide = (text: string) => gate.authorize(text, { grant }).settled;
    expect(
      decide(
        '{"calls":[{"tool":"proto/read","version":1,"arguments":{"__proto__":{"path":"/etc/passwd"}}}]}',
      ),
    ).toBe('rejected');
    expect(
      decide(
        '{"calls":[{"tool":"proto/read","version":1,"arguments":{"__proto__":{"path":"/srv/project/a"}}}]}',
      ),
    ).toBe('tool');
  });

  it('refuses "__proto__" and "constructor" keys in the envelope and in calls as malformed', () => {
    for (const text of [
      '{"__proto__":{"calls":[{"tool":"http/get","version":1,"arguments":{}}]}}',
      '{"calls":[{"tool":"http/get","version":1,"arguments":{"url":"https://example.com/"}}],"__proto__":{}}',
      '{"calls":[{"tool":"http/get","version":1,"arguments":{"url":"https://example.com/"},"__proto__":{"shape":"x"}}]}',
      '{"calls":[{"tool":"http/get","version":1,"arguments":{"url":"https://example.com/"},"constructor":{}}]}',
    ]) {
      const decision = gate.authorize(text, context);
      expect(decision.settled === 'rejected' && decision.refusal.code).toBe('malformed_proposal');
    }
  });

  it('refuses "__proto__" and "constructor" keys in a grant and in a tool definition', () => {
    for (const text of [
      '{"tools":["fs-read@1"],"__proto__":{"folders":["/"]}}',
      '{"tools":["fs-read@1"],"constructor":{"prototype":{"folders":["/"]}}}',
      '{"tools":["fs-read@1"],"folders":[{"path":"/srv","__proto__":{"access":"write"}}]}',
    ]) {
      expect(() => createGrant(JSON.parse(text) as never)).toThrow(ToolgateError);
    }
    const definition = JSON.parse(
      '{"name":"x","version":1,"description":"d","inputSchema":{"type":"object"},"__proto__":{"grantable":false}}',
    ) as ToolDefinition;
    expect(() => createRegistry().register(definition)).toThrow(ToolgateError);
    expect(({} as Record<string, unknown>).folders).toBeUndefined();
  });
});

describe('immutability', () => {
  const definition = (): ToolDefinition => ({
    name: 'http/get',
    version: 1,
    description: 'Fetches a URL.',
    inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
    shapes: ['call'],
    network: ['api.example.com'],
    secrets: ['APP_KEY'],
    resources: [{ kind: 'url', at: '/url' }],
    example: { url: 'https://example.com/' },
  });
  const grantSpec = () => ({
    tools: ['http/get@1', 'fs-read@1'],
    folders: ['/srv/project', { path: '/srv/docs', access: 'read' as const }],
    network: ['example.com', 'api.example.com'],
    secrets: ['APP_*'],
    budgets: { turns: 3, toolCalls: 5 },
  });
  const turn = () => ({
    calls: [
      { tool: 'http/get', version: 1, arguments: { url: 'https://example.com/' } },
      { tool: 'fs-read', version: 1, arguments: { path: '/etc/passwd' } },
    ],
  });

  it('never writes to deep-frozen inputs: definition, grant spec, context, turn and gate options', () => {
    const frozenDefinition = deepFreeze(definition());
    const frozenSpec = deepFreeze(grantSpec());
    const registry = createRegistry(deepFreeze({ builtins: 'self-run' as const }));
    registry.register(frozenDefinition);
    const checks = deepFreeze([{ id: 'policy.yes', check: () => ({ ok: true as const }) }]);
    const gate = createGate(
      deepFreeze({ registry, checks, limits: { maxBytes: 4096, maxDepth: 16 } }),
    );
    const context = deepFreeze({
      grant: createGrant(frozenSpec),
      cwd: '/srv/project',
      step: { name: 's', tools: ['http/get', 'fs-read'] },
      visible: ['http/get', 'fs-read'],
    });
    const frozenTurn = deepFreeze(turn());
    const snapshot = JSON.stringify([frozenDefinition, frozenSpec, context, frozenTurn]);
    const decisions = [
      gate.checkTurn(frozenTurn, context),
      gate.authorize(frozenTurn, context),
      gate.authorize(JSON.stringify(frozenTurn), context),
    ];
    expect(JSON.stringify([frozenDefinition, frozenSpec, context, frozenTurn])).toBe(snapshot);
    // Same answers as with unfrozen inputs: freezing changed nothing, and no write was attempted and caught.
    expect(decisions[1]).toEqual(
      gate.authorize(turn(), { ...context, step: { name: 's', tools: ['http/get', 'fs-read'] } }),
    );
    expect(
      decisions.map((decision) => decision.settled === 'rejected' && decision.refusal.code),
    ).toEqual([false, 'folder_out_of_scope', 'folder_out_of_scope']);
  });

  it('hands out a deeply frozen grant that cannot be changed, and ignores later changes to its spec', () => {
    const spec = grantSpec();
    const grant = createGrant(spec);
    const mutations: (() => void)[] = [
      () => (grant.tools as string[]).push('admin/wipe@1'),
      () => ((grant.folders[0] as { path: string }).path = '/'),
      () => (grant.network as string[]).splice(0, 1, '*'),
      () => Object.defineProperty(grant, 'secrets', { value: ['*'] }),
      () => {
        Object.setPrototypeOf(grant, { tools: ['*'] });
      },
      () => ((grant.budgets as { turns: number }).turns = 1000),
    ];
    for (const mutate of mutations) expect(mutate).toThrow(TypeError);
    spec.folders.push('/');
    spec.tools.push('admin/wipe@1');
    spec.network.push('*');
    expect(grant).toEqual(createGrant(grantSpec()));
    const gate = createGate({ registry: createRegistry() });
    const decision = gate.authorize(
      { calls: [{ tool: 'fs-read', version: 1, arguments: { path: '/etc/passwd' } }] },
      { grant },
    );
    expect(decision.settled).toBe('rejected');
  });

  it('refuses a grant that was not made by createGrant, even one equal to a real grant', () => {
    const grant = createGrant(grantSpec());
    const gate = createGate({ registry: createRegistry() });
    for (const forged of [
      JSON.parse(JSON.stringify(grant)) as typeof grant,
      { ...grant },
      Object.freeze({ ...grant, folders: [{ path: '/', access: 'write' as const }] }),
    ]) {
      const decision = gate.authorize(
        { calls: [{ tool: 'fs-read', version: 1, arguments: { path: '/srv/project/a' } }] },
        { grant: forged },
      );
      expect(decision.settled === 'rejected' && decision.refusal).toMatchObject({
        check: 'gate.context',
        code: 'check_failed',
      });
    }
  });

  it('hands out frozen registry entries, unchanged by later edits to the definition', () => {
    const registry = createRegistry();
    const source = definition();
    const entry = registry.register(source);
    for (const value of [
      entry,
      entry.shapes,
      entry.network,
      entry.secrets,
      entry.resources,
      entry.resources[0],
      entry.inputSchema,
      entry.example,
    ]) {
      expect(Object.isFrozen(value)).toBe(true);
    }
    expect(() => ((entry as { grantable: boolean }).grantable = false)).toThrow(TypeError);
    expect(() => (entry.shapes as string[]).push('append')).toThrow(TypeError);
    expect(() => ((registry as { resolve: unknown }).resolve = () => entry)).toThrow(TypeError);
    (source.shapes as string[]).push('append');
    (source.network as string[]).length = 0;
    (source.resources as unknown[]).length = 0;
    expect(registry.resolve('http/get@1')).toBe(entry);
    expect(entry.shapes).toEqual(['call']);
    const gate = createGate({ registry });
    const grant = createGrant({
      tools: ['http/get@1'],
      network: ['example.com'],
      secrets: ['APP_*'],
    });
    // The edited definition would no longer need api.example.com nor check /url; the entry still does.
    const decision = gate.authorize(
      { calls: [{ tool: 'http/get', version: 1, arguments: { url: 'https://evil.com/' } }] },
      { grant },
    );
    expect(decision.settled === 'rejected' && decision.refusal.code).toBe('network_out_of_scope');
    for (const row of registry.inventory()) expect(Object.isFrozen(row)).toBe(true);
  });

  it('hands out frozen gates, calls and refusals; extra checks cannot be removed after createGate', () => {
    const registry = createRegistry();
    const checks = [{ id: 'policy.no', check: () => ({ ok: false as const, reason: 'no' }) }];
    const gate = createGate({ registry, checks });
    checks.length = 0;
    expect(
      () => ((gate as { authorize: unknown }).authorize = () => ({ settled: 'tool', calls: [] })),
    ).toThrow(TypeError);
    const context = { grant: createGrant({ tools: ['fs-read@1'], folders: ['/srv'] }) };
    const proposed = gate.checkTurn(
      { calls: [{ tool: 'fs-read', version: 1, arguments: { path: '/srv/a' } }] },
      context,
    );
    if (proposed.settled !== 'tool') throw new Error('expected tool');
    const call = proposed.calls[0] as (typeof proposed.calls)[number];
    expect(Object.isFrozen(proposed.calls)).toBe(true);
    expect(Object.isFrozen(call)).toBe(true);
    expect(() => ((call.arguments as { path: string }).path = '/etc/passwd')).toThrow(TypeError);
    const verdict = gate.checkDispatch(call, context);
    expect(!verdict.allowed && verdict.refusal).toMatchObject({
      check: 'policy.no',
      code: 'check_refused',
    });
    if (verdict.allowed) return;
    expect(Object.isFrozen(verdict.refusal)).toBe(true);
    const refused = gate.authorize(
      { calls: [{ tool: 'fs-read', version: 1, arguments: { path: '/etc' } }] },
      context,
    );
    if (refused.settled !== 'rejected') throw new Error('expected a refusal');
    expect(Object.isFrozen(refused.refusal.details)).toBe(true);
    expect(Object.isFrozen(refused.refusal.details?.[0])).toBe(true);
  });
});
