import {
  Agent,
  run as runAgent,
  tool,
  Usage,
  type Model,
  type ModelRequest,
  type ModelResponse,
} from '@openai/agents';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  createGate,
  createGrant,
  createRegistry,
  createRun,
  ToolgateError,
} from '../../src/index.js';
import {
  gateAgentRunOptions,
  gateAgentTools,
  registerAgentTools,
} from '../../src/openaiAgents/index.js';

/** One scripted model turn: function calls [name, arguments text], or a final answer. */
type Scripted = readonly (readonly [string, string])[] | string;

/** A Model that plays back a script and keeps every request it got. */
class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  #turn = 0;
  constructor(private readonly script: readonly Scripted[]) {}

  getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const step = this.script[this.#turn++] ?? 'out of script';
    const output: ModelResponse['output'] =
      typeof step === 'string'
        ? [
            {
              type: 'message',
              role: 'assistant',
              status: 'completed',
              content: [{ type: 'output_text', text: step }],
            },
          ]
        : step.map(([name, args], index) => ({
            type: 'function_call' as const,
            callId: `call-${this.#turn}-${index}`,
            name,
            arguments: args,
            status: 'completed' as const,
          }));
    return Promise.resolve({ usage: new Usage(), output });
  }

  getStreamedResponse(): AsyncIterable<never> {
    throw new Error('not used');
  }
}

/** Two Agents SDK tools, each counting its calls. */
function someTools() {
  const ran = { read: vi.fn(), write: vi.fn() };
  const tools = {
    'fs-read@1': tool({
      name: 'read_file',
      description: 'Reads a file.',
      parameters: z.object({ path: z.string() }),
      execute: ({ path }) => {
        ran.read(path);
        return `contents of ${path}`;
      },
    }),
    'fs-write@1': tool({
      name: 'write_file',
      description: 'Writes a file.',
      parameters: z.object({ path: z.string(), content: z.string() }),
      execute: ({ path }) => {
        ran.write(path);
        return `wrote ${path}`;
      },
    }),
  };
  return { tools, ran };
}

const SCOPES = {
  'fs-read@1': { resources: [{ kind: 'path' as const, at: '/path', access: 'read' as const }] },
  'fs-write@1': { resources: [{ kind: 'path' as const, at: '/path', access: 'write' as const }] },
};

function aSetup(granted: readonly string[] = ['fs-read@1', 'fs-write@1']) {
  const { tools, ran } = someTools();
  const registry = createRegistry({ builtins: 'none' });
  registerAgentTools(registry, tools, SCOPES);
  const grant = createGrant({ tools: granted, folders: [{ path: '/srv', access: 'read' }] });
  const gate = createGate({ registry });
  const run = createRun({ gate, grant });
  return { tools, ran, registry, grant, gate, run };
}

/** The function_call_result outputs the model got back, by call id. */
function resultsSent(request: ModelRequest | undefined): Record<string, unknown> {
  const items = Array.isArray(request?.input) ? request.input : [];
  return Object.fromEntries(
    items.flatMap((item) =>
      item.type === 'function_call_result' ? [[item.callId, item.output]] : [],
    ),
  );
}

describe('toolgate/openai-agents with a scripted model driving a real Agents SDK run', () => {
  it('runs the allowed call, hands the refusal of the other to the model, and the run goes on', async () => {
    const { tools, ran, registry, grant, gate, run } = aSetup();
    const model = new ScriptedModel([
      [
        ['fs_read_v1', '{"path":"/srv/notes.md"}'],
        ['fs_write_v1', '{"path":"/srv/notes.md","content":"x"}'],
      ],
      'I read it; writing is not allowed.',
    ]);
    const agent = new Agent({
      name: 'writer',
      model,
      tools: gateAgentTools(tools, { registry, gate, grant, run }),
    });
    const result = await runAgent(agent, 'read then write', {
      ...gateAgentRunOptions({ run, grant }),
      maxTurns: 5,
    });

    expect(result.finalOutput).toBe('I read it; writing is not allowed.');
    expect(ran.read).toHaveBeenCalledExactlyOnceWith('/srv/notes.md');
    expect(ran.write).not.toHaveBeenCalled();
    // The model was offered the tools under the names the SDK keeps, with the registered schemas.
    expect(model.requests[0]?.tools.map((offered) => offered.name)).toEqual([
      'fs_read_v1',
      'fs_write_v1',
    ]);
    expect(resultsSent(model.requests[1])).toEqual({
      'call-1-0': { type: 'text', text: 'contents of /srv/notes.md' },
      'call-1-1': {
        type: 'text',
        text: 'the path /srv/notes.md is outside the granted folder scope',
      },
    });
    expect(run.records().map((record) => [record.settled, record.calls?.[0]?.ref])).toEqual([
      ['tool', 'fs-read@1'],
      ['tool', 'fs-write@1'],
    ]);
    expect(run.records()[1]?.dispatches?.[0]?.refusal?.code).toBe('folder_out_of_scope');
  });

  it('turns a call to a tool the agent lacks into a refusal the model reads, recorded in the run', async () => {
    const { tools, ran, registry, grant, gate, run } = aSetup(['fs-read@1']);
    const seen: string[] = [];
    const model = new ScriptedModel([
      [['fs_write_v1', '{"path":"/srv/a","content":"x"}']],
      [['fs_read_v1', '{"path":"/srv/a"}']],
      'done',
    ]);
    const agent = new Agent({
      name: 'reader',
      model,
      tools: gateAgentTools(tools, { registry, gate, grant, run }),
    });
    const result = await runAgent(agent, 'go', {
      ...gateAgentRunOptions({
        run,
        grant,
        onRecord: (record, id) => seen.push(`${id}:${record.refusal?.code ?? ''}`),
      }),
      maxTurns: 5,
    });
    expect(result.finalOutput).toBe('done');
    expect(model.requests[0]?.tools.map((offered) => offered.name)).toEqual(['fs_read_v1']);
    expect(ran.write).not.toHaveBeenCalled();
    expect(ran.read).toHaveBeenCalledOnce();
    expect(seen).toEqual(['call-1-0:not_granted']);
    expect(JSON.stringify(resultsSent(model.requests[1]))).toContain(
      // The SDK's sanitized name cannot say fs-write from fs_write: read back exactly, it names no granted ref.
      'the proposed tool fs_write@1 is not granted to this run or is no longer registered',
    );
    expect(run.summary()).toMatchObject({ turns: 2, settled: { tool: 1, rejected: 1 } });
  });

  it('refuses arguments that break the registered schema before the tool parses them', async () => {
    const { tools, ran, registry, grant, gate, run } = aSetup(['fs-read@1']);
    const model = new ScriptedModel([[['fs_read_v1', '{"file":"/srv/a"}']], 'ok']);
    const agent = new Agent({
      name: 'reader',
      model,
      tools: gateAgentTools(tools, { registry, gate, grant, run }),
    });
    await runAgent(agent, 'go', { ...gateAgentRunOptions({ run, grant }), maxTurns: 3 });
    expect(ran.read).not.toHaveBeenCalled();
    expect(run.records()[0]?.refusal?.code).toBe('bad_arguments');
    expect(JSON.stringify(resultsSent(model.requests[1]))).toContain(
      'the arguments for fs-read@1 do not match its inputSchema',
    );
  });

  it('throws for two granted refs the SDK would call by one name, for non-tools and bad options', () => {
    const { tools, registry, grant, gate, run } = aSetup();
    const registryBoth = createRegistry({ builtins: 'none' });
    registerAgentTools(registryBoth, {
      'fs-read@1': tools['fs-read@1'],
      'fs_read@1': tools['fs-read@1'],
    });
    const both = createGrant({ tools: ['fs-read@1', 'fs_read@1'] });
    expect(() =>
      gateAgentTools(
        { 'fs-read@1': tools['fs-read@1'] },
        { registry: registryBoth, gate: createGate({ registry: registryBoth }), grant: both },
      ),
    ).toThrow(/fs-read@1 and fs_read@1 would both be called "fs_read_v1"/);
    expect(() =>
      gateAgentTools({ 'fs-read@1': { type: 'hosted_tool' } } as never, { registry, gate, grant }),
    ).toThrow(ToolgateError);
    expect(() => gateAgentTools(tools, { registry, gate } as never)).toThrow(ToolgateError);
    expect(() => gateAgentRunOptions({ run, grant: { ...grant } })).toThrow(ToolgateError);
    expect(() => gateAgentRunOptions({ run, grant, onRecord: 1 } as never)).toThrow(
      /onRecord must be a function/,
    );
  });
});
