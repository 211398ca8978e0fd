import { tool as langChainTool } from '@langchain/core/tools';
import { Agent, RunContext, run as runAgent, tool as agentTool, Usage } from '@openai/agents';
import type { Model, ModelRequest, ModelResponse } from '@openai/agents';
import * as ai6 from 'ai';
import * as ai7 from 'ai7';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createGate,
  createGrant,
  createRegistry,
  createRun,
  type FireOutcome,
  type ResourceSpec,
} from '../../src/index.js';
import { gateAiTools, registerAiTools } from '../../src/ai/index.js';
import { gateLangChainTools } from '../../src/langchain/index.js';
import {
  gateAgentRunOptions,
  gateAgentTools,
  registerAgentTools,
} from '../../src/openaiAgents/index.js';

/**
 * SPEC §14.1 "What is checked is what runs": each adapter lets the tool's own
 * zod schema parse the arguments, so a schema that trims, lower-cases, fills
 * in a default, coerces, transforms or preprocesses a scoped value would hand
 * the tool a value the gate never checked. Each case runs through the real
 * package of every adapter (AI SDK 6 and 7, LangChain, the OpenAI Agents
 * SDK); a refused case must never reach the tool, an allowed one must reach
 * it with exactly the value shown.
 */

const GRANT = {
  tools: ['t@1'],
  folders: [{ path: '/srv/data', access: 'read' as const }, '!/srv/data/.env'],
  network: ['api.example.com', '*.example.org'],
  secrets: ['*', '!AWS_SECRET_ACCESS_KEY'],
};

interface Case {
  readonly name: string;
  /** A fresh schema for each adapter: zod caches conversions on the schema object. */
  readonly schema: () => z.ZodObject;
  readonly resources: readonly ResourceSpec[];
  readonly args: Record<string, unknown>;
  /** The Agents SDK's strict schema makes every field required, so its model sends them all. */
  readonly strictArgs?: Record<string, unknown>;
  /** `refuse` names the pointer a bad_arguments refusal must name, or `any` for another check. */
  readonly expected: { readonly refuse: string } | { readonly runsWith: Record<string, unknown> };
}

const path: ResourceSpec = { kind: 'path', at: '/path', access: 'read' };
const url: ResourceSpec = { kind: 'url', at: '/url' };
const host: ResourceSpec = { kind: 'host', at: '/host' };
const secret: ResourceSpec = { kind: 'secret', at: '/secret' };
const rewrite = (from: string, to: string) => (value: string) => value.replace(from, to);

const CASES: readonly Case[] = [
  {
    name: 'trim turns an allowed "/srv/data/.env " into the denied .env',
    schema: () => z.object({ path: z.string().trim() }),
    resources: [path],
    args: { path: '/srv/data/.env ' },
    expected: { refuse: '/path' },
  },
  {
    name: 'trim turns "/srv/data/.. " (a name) into "/srv/data/.." (the parent)',
    schema: () => z.object({ path: z.string().trim() }),
    resources: [path],
    args: { path: '/srv/data/.. ' },
    expected: { refuse: '/path' },
  },
  {
    name: 'trim on a nested path',
    schema: () => z.object({ options: z.object({ path: z.string().trim() }) }),
    resources: [{ kind: 'path', at: '/options/path', access: 'read' }],
    args: { options: { path: '/srv/data/.env\n' } },
    expected: { refuse: '/options/path' },
  },
  {
    name: 'a default fills in a path the call does not send',
    schema: () => z.object({ path: z.string().default('/etc/passwd') }),
    resources: [path],
    args: {},
    expected: { refuse: '/path' },
  },
  {
    name: 'a transform rewrites the URL to another host',
    schema: () =>
      z.object({ url: z.string().transform(rewrite('api.example.com', '169.254.169.254')) }),
    resources: [url],
    args: { url: 'http://api.example.com/latest' },
    expected: { refuse: '/url' },
  },
  {
    name: 'a default fills in a URL',
    schema: () => z.object({ url: z.string().default('http://169.254.169.254/') }),
    resources: [url],
    args: {},
    expected: { refuse: '/url' },
  },
  {
    name: 'toLowerCase changes the host text the gate checked',
    schema: () => z.object({ host: z.string().toLowerCase() }),
    resources: [host],
    args: { host: 'API.example.com' },
    expected: { refuse: '/host' },
  },
  {
    name: 'preprocess rewrites the host',
    schema: () =>
      z.object({
        host: z.preprocess(
          (value) => (typeof value === 'string' ? value.replace(/^api\./, 'db.') : value),
          z.string(),
        ),
      }),
    resources: [host],
    args: { host: 'api.example.com' },
    expected: { refuse: '/host' },
  },
  {
    name: 'toUpperCase turns an allowed secret name into the denied one',
    schema: () => z.object({ secret: z.string().toUpperCase() }),
    resources: [secret],
    args: { secret: 'aws_secret_access_key' },
    expected: { refuse: '/secret' },
  },
  {
    name: 'coercion would read a list as one secret name (the JSON Schema refuses the list)',
    schema: () => z.object({ secret: z.coerce.string() }),
    resources: [secret],
    args: { secret: ['AWS_SECRET_ACCESS_KEY'] },
    expected: { refuse: '/secret' },
  },
  {
    name: 'coercion would read 2130706433 as a host (the JSON Schema refuses the number)',
    schema: () => z.object({ host: z.coerce.string() }),
    resources: [host],
    args: { host: 2130706433 },
    expected: { refuse: '/host' },
  },
  {
    name: "the tool's own schema refuses what the JSON Schema allows",
    // A refinement has no JSON Schema: the registered schema lets the path through.
    schema: () =>
      z.object({ path: z.string().refine((value) => value.startsWith('/srv/data/in/')) }),
    resources: [path],
    args: { path: '/srv/data/a.txt' },
    expected: { refuse: '' },
  },
  // Legitimate: the schema keeps every scoped value, or changes only what no scope reads.
  {
    name: 'trim on a path that has nothing to trim',
    schema: () => z.object({ path: z.string().trim() }),
    resources: [path],
    args: { path: '/srv/data/a.txt' },
    expected: { runsWith: { path: '/srv/data/a.txt' } },
  },
  {
    name: 'a default on a path the call sends',
    schema: () => z.object({ path: z.string().default('/etc/passwd') }),
    resources: [path],
    args: { path: '/srv/data/a.txt' },
    expected: { runsWith: { path: '/srv/data/a.txt' } },
  },
  {
    name: 'a trim, a default and a coercion on values no scope reads',
    schema: () =>
      z.object({
        path: z.string(),
        title: z.string().trim(),
        mode: z.string().default('fast'),
        limit: z.coerce.number(),
      }),
    resources: [path],
    args: { path: '/srv/data/a.txt', title: ' notes ', limit: 5 },
    strictArgs: { path: '/srv/data/a.txt', title: ' notes ', limit: 5, mode: 'fast' },
    expected: { runsWith: { path: '/srv/data/a.txt', title: 'notes', mode: 'fast', limit: 5 } },
  },
  {
    name: 'a transform that leaves this URL alone',
    schema: () =>
      z.object({ url: z.string().transform(rewrite('api.example.com', '169.254.169.254')) }),
    resources: [url],
    args: { url: 'https://b.example.org/x' },
    expected: { runsWith: { url: 'https://b.example.org/x' } },
  },
  {
    name: 'toLowerCase on a host already in lower case, toUpperCase on a secret in upper case',
    schema: () => z.object({ host: z.string().toLowerCase(), secret: z.string().toUpperCase() }),
    resources: [host, secret],
    args: { host: 'api.example.com', secret: 'GITHUB_TOKEN' },
    expected: { runsWith: { host: 'api.example.com', secret: 'GITHUB_TOKEN' } },
  },
];

/** How a call came out, and what the tool itself was handed (nothing when it did not run). */
interface Through {
  readonly outcome: FireOutcome | undefined;
  readonly ran: readonly unknown[];
  /** Why the package itself refused to build the tool (the Agents SDK has no JSON Schema for a transform). */
  readonly unbuildable?: string;
}

/** Runs one case's call through one adapter, with the real package on the other side. */
type Adapter = (item: Case) => Promise<Through>;

const anAi =
  (sdk: typeof ai6): Adapter =>
  async ({ schema: fresh, resources, args }) => {
    const schema = fresh();
    const ran: unknown[] = [];
    const tools = {
      't@1': sdk.tool({
        description: 'A tool.',
        inputSchema: schema,
        execute: (input: unknown) => {
          ran.push(input);
          return 'ran';
        },
      }),
    };
    const registry = createRegistry({ builtins: 'none' });
    await registerAiTools(registry, tools, { 't@1': { resources } });
    let outcome: FireOutcome | undefined;
    const gated = gateAiTools(tools, {
      registry,
      gate: createGate({ registry }),
      grant: createGrant(GRANT),
      onOutcome: (seen) => (outcome = seen),
    });
    const execute = Object.values(gated)[0]?.execute;
    await Promise.resolve(execute?.(args, { toolCallId: 'c1', messages: [] })).catch(() => null);
    return { outcome, ran };
  };

const aLangChain: Adapter = async ({ schema: fresh, resources, args }) => {
  const schema = fresh();
  const ran: unknown[] = [];
  const inner = langChainTool(
    (input: unknown) => {
      ran.push(input);
      return 'ran';
    },
    { name: 't', description: 'A tool.', schema },
  );
  const registry = createRegistry({ builtins: 'none' });
  registry.register({
    name: 't',
    version: 1,
    description: 'A tool.',
    inputSchema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }),
    resources,
  });
  let outcome: FireOutcome | undefined;
  const [gated] = gateLangChainTools(
    { 't@1': inner },
    {
      registry,
      gate: createGate({ registry }),
      grant: createGrant(GRANT),
      onOutcome: (seen) => (outcome = seen),
    },
  );
  await gated?.invoke(args);
  return { outcome, ran };
};

const anAgentsSdk: Adapter = async ({ schema: fresh, resources, args, strictArgs }) => {
  const schema = fresh();
  const ran: unknown[] = [];
  let built;
  try {
    built = agentTool({
      name: 't',
      description: 'A tool.',
      parameters: schema,
      execute: (input: unknown) => {
        ran.push(input);
        return 'ran';
      },
    });
  } catch (error) {
    return { outcome: undefined, ran, unbuildable: (error as Error).message };
  }
  const tools = { 't@1': built };
  const registry = createRegistry({ builtins: 'none' });
  registerAgentTools(registry, tools, { 't@1': { resources } });
  let outcome: FireOutcome | undefined;
  const [gated] = gateAgentTools(tools, {
    registry,
    gate: createGate({ registry }),
    grant: createGrant(GRANT),
    onOutcome: (seen) => (outcome = seen),
  });
  await gated?.invoke(new RunContext(), JSON.stringify(strictArgs ?? args));
  return { outcome, ran };
};

const ADAPTERS = [
  ['toolgate/ai with AI SDK 6', anAi(ai6)],
  ['toolgate/ai with AI SDK 7', anAi(ai7 as unknown as typeof ai6)],
  ['toolgate/langchain', aLangChain],
  ['toolgate/openai-agents', anAgentsSdk],
] as const;

describe.each(ADAPTERS)('%s: what is checked is what runs (SPEC §14.1)', (_label, through) => {
  it.each(CASES.filter((item) => 'refuse' in item.expected))('refuses: $name', async (item) => {
    const { outcome, ran, unbuildable } = await through(item);
    expect(ran).toEqual([]);
    // The Agents SDK builds no tool from a schema with a transform: nothing to gate.
    if (unbuildable !== undefined) {
      expect(unbuildable).toContain('Transforms cannot be represented in JSON Schema');
      return;
    }
    expect(outcome?.status).toBe('refused');
    if (outcome?.status !== 'refused' || !('refuse' in item.expected)) return;
    expect(outcome.refusal.code).toBe('bad_arguments');
    expect(outcome.refusal.details?.map((detail) => detail.pointer)).toEqual([
      item.expected.refuse,
    ]);
  });

  it.each(CASES.filter((item) => 'runsWith' in item.expected))(
    'runs with the checked value: $name',
    async (item) => {
      const { outcome, ran, unbuildable } = await through(item);
      if (unbuildable !== undefined) {
        expect(unbuildable).toContain('Transforms cannot be represented in JSON Schema');
        return;
      }
      expect(outcome?.status).toBe('ok');
      if ('runsWith' in item.expected) expect(ran).toEqual([item.expected.runsWith]);
    },
  );
});

describe('toolgate/openai-agents inside a real Agents SDK run', () => {
  /** A model that calls the tool once with the given argument text, then answers. */
  class OneCall implements Model {
    #turn = 0;
    constructor(private readonly args: string) {}
    getResponse(_request: ModelRequest): Promise<ModelResponse> {
      const output: ModelResponse['output'] =
        this.#turn++ === 0
          ? [
              {
                type: 'function_call',
                callId: 'c1',
                name: 't_v1',
                arguments: this.args,
                status: 'completed',
              },
            ]
          : [
              {
                type: 'message',
                role: 'assistant',
                status: 'completed',
                content: [{ type: 'output_text', text: 'done' }],
              },
            ];
      return Promise.resolve({ usage: new Usage(), output });
    }
    getStreamedResponse(): AsyncIterable<never> {
      throw new Error('not used');
    }
  }

  it('refuses a trimmed path in the run, and the tool runs on the one parse the gate compared', async () => {
    const parses: string[] = [];
    const ran: unknown[] = [];
    const tools = {
      't@1': agentTool({
        name: 't',
        description: 'Reads a file.',
        // Each parse leaves a mark, so a second parse after the gate would show.
        parameters: z.object({
          path: z
            .string()
            .trim()
            .refine((value) => parses.push(value) > 0),
        }),
        execute: (input: unknown) => {
          ran.push(input);
          return 'ran';
        },
      }),
    };
    const registry = createRegistry({ builtins: 'none' });
    registerAgentTools(registry, tools, { 't@1': { resources: [path] } });
    const grant = createGrant(GRANT);
    const gate = createGate({ registry });

    const refusedRun = createRun({ gate, grant });
    const agent = new Agent({
      name: 'reader',
      model: new OneCall('{"path":"/srv/data/.env "}'),
      tools: gateAgentTools(tools, { registry, gate, grant, run: refusedRun }),
    });
    await runAgent(agent, 'go', {
      ...gateAgentRunOptions({ run: refusedRun, grant }),
      maxTurns: 3,
    });
    expect(ran).toEqual([]);
    expect(refusedRun.records()[0]).toMatchObject({
      settled: 'rejected',
      refusal: { code: 'bad_arguments', details: [{ pointer: '/path' }] },
    });

    parses.length = 0;
    const allowedRun = createRun({ gate, grant });
    const allowed = new Agent({
      name: 'reader',
      model: new OneCall('{"path":"/srv/data/a.txt"}'),
      tools: gateAgentTools(tools, { registry, gate, grant, run: allowedRun }),
    });
    await runAgent(allowed, 'go', {
      ...gateAgentRunOptions({ run: allowedRun, grant }),
      maxTurns: 3,
    });
    expect(ran).toEqual([{ path: '/srv/data/a.txt' }]);
    expect(parses).toEqual(['/srv/data/a.txt']);
  });
});
