import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { tool, type StructuredTool } from '@langchain/core/tools';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  createGate,
  createGrant,
  createRegistry,
  createRun,
  toOpenAITools,
  ToolgateError,
} from '../../src/index.js';
import { gateLangChainTools, runLangChainToolCalls } from '../../src/langchain/index.js';

/** A chat model that plays back scripted messages and keeps what tools it was bound to and what it was sent. */
class ScriptedChatModel extends BaseChatModel {
  readonly sent: BaseMessage[][] = [];
  offered: unknown[] = [];
  #turn = 0;
  constructor(private readonly script: readonly AIMessage[]) {
    super({});
  }
  _llmType(): string {
    return 'scripted';
  }
  override bindTools(tools: StructuredTool[]): this {
    // What chat models do to a tool list: convert (and extend) each schema.
    this.offered = tools.map((offered) => convertToOpenAITool(offered));
    return this;
  }
  _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.sent.push(messages);
    const message = this.script[this.#turn++] ?? new AIMessage('out of script');
    return Promise.resolve({ generations: [{ message, text: '' }] });
  }
}

const call = (id: string, name: string, args: Record<string, unknown>) => ({
  id,
  name,
  args,
  type: 'tool_call' as const,
});

function aSetup(granted: readonly string[] = ['notes/read@1', 'notes/write@1']) {
  const ran = { read: vi.fn(), write: vi.fn() };
  const tools = {
    'notes/read@1': tool(
      ({ path }: { path: string }) => {
        ran.read(path);
        return `contents of ${path}`;
      },
      { name: 'read', description: 'Reads a note.', schema: z.object({ path: z.string() }) },
    ),
    'notes/write@1': tool(
      ({ path }: { path: string }) => {
        ran.write(path);
        return `wrote ${path}`;
      },
      {
        name: 'write',
        description: 'Writes a note.',
        schema: z.object({ path: z.string(), text: z.string() }),
      },
    ),
  };
  const registry = createRegistry({ builtins: 'none' });
  for (const [name, access] of [
    ['notes/read', 'read'],
    ['notes/write', 'write'],
  ] as const) {
    registry.register({
      name,
      version: 1,
      description: `${access === 'read' ? 'Reads' : 'Writes'} a note.`,
      inputSchema: {
        type: 'object',
        properties: { path: { type: 'string' }, text: { type: 'string' } },
        required: access === 'read' ? ['path'] : ['path', 'text'],
      },
      resources: [{ kind: 'path', at: '/path', access }],
    });
  }
  const grant = createGrant({ tools: granted, folders: [{ path: '/notes', access: 'read' }] });
  const gate = createGate({ registry });
  const run = createRun({ gate, grant });
  return { tools, ran, registry, grant, gate, run };
}

/** The tool loop an app writes around a LangChain chat model. */
async function loop(
  model: ScriptedChatModel,
  tools: StructuredTool[],
  options: Parameters<typeof runLangChainToolCalls>[2],
) {
  const bound = model.bindTools(tools);
  const messages: BaseMessage[] = [new HumanMessage('go')];
  for (let step = 0; step < 5; step++) {
    const ai = await bound.invoke(messages);
    messages.push(ai);
    if ((ai.tool_calls ?? []).length === 0) return messages;
    messages.push(...(await runLangChainToolCalls(ai.tool_calls ?? [], tools, options)));
  }
  return messages;
}

const toolResults = (messages: BaseMessage[]) =>
  messages
    .filter((message): message is ToolMessage => message instanceof ToolMessage)
    .map((message) => [message.tool_call_id, message.status, message.content]);

describe('toolgate/langchain with a scripted chat model driving a tool loop', () => {
  it('runs the allowed call, answers the refused one with an error ToolMessage, and the loop goes on', async () => {
    const { tools, ran, registry, grant, gate, run } = aSetup();
    const gated = gateLangChainTools(tools, { registry, gate, grant, run });
    const model = new ScriptedChatModel([
      new AIMessage({
        content: '',
        tool_calls: [
          call('c1', 'notes__read_v1', { path: '/notes/a' }),
          call('c2', 'notes__write_v1', { path: '/notes/a', text: 'x' }),
        ],
      }),
      new AIMessage('read it; may not write'),
    ]);
    const messages = await loop(model, gated, { grant, run });
    expect(messages.at(-1)?.content).toBe('read it; may not write');
    expect(ran.read).toHaveBeenCalledExactlyOnceWith('/notes/a');
    expect(ran.write).not.toHaveBeenCalled();
    expect(toolResults(messages)).toEqual([
      ['c1', 'success', 'contents of /notes/a'],
      ['c2', 'error', 'the path /notes/a is outside the granted folder scope'],
    ]);
    // The model saw the registered schemas under provider names, converted by LangChain itself.
    expect(model.offered).toMatchObject([
      {
        type: 'function',
        function: { name: 'notes__read_v1', parameters: { required: ['path'] } },
      },
      { type: 'function', function: { name: 'notes__write_v1' } },
    ]);
    expect(run.records().map((record) => record.calls?.[0]?.ref)).toEqual([
      'notes/read@1',
      'notes/write@1',
    ]);
  });

  it('lets bad arguments reach the gate instead of throwing inside LangChain', async () => {
    const { tools, ran, registry, grant, gate, run } = aSetup();
    const gated = gateLangChainTools(tools, { registry, gate, grant, run });
    const model = new ScriptedChatModel([
      new AIMessage({ content: '', tool_calls: [call('c1', 'notes__read_v1', { file: 7 })] }),
      new AIMessage('ok'),
    ]);
    const messages = await loop(model, gated, { grant, run });
    expect(ran.read).not.toHaveBeenCalled();
    expect(toolResults(messages)).toEqual([
      ['c1', 'error', 'the arguments for notes/read@1 do not match its inputSchema'],
    ]);
    expect(run.records()[0]?.refusal?.code).toBe('bad_arguments');
  });

  it('records a call to a tool the model was not offered as a refused turn', async () => {
    const { tools, registry, grant, gate, run } = aSetup(['notes/read@1']);
    const gated = gateLangChainTools(tools, { registry, gate, grant, run });
    expect(gated.map((offered) => offered.name)).toEqual(['notes__read_v1']);
    const model = new ScriptedChatModel([
      new AIMessage({
        content: '',
        tool_calls: [call('c1', 'notes__write_v1', { path: '/notes/a', text: 'x' })],
      }),
      new AIMessage('ok'),
    ]);
    const messages = await loop(model, gated, { grant, run });
    expect(toolResults(messages)).toEqual([
      [
        'c1',
        'error',
        expect.stringContaining(
          'the proposed tool notes/write@1 is not granted to this run or is no longer registered',
        ),
      ],
    ]);
    expect(run.summary()).toMatchObject({ turns: 1, settled: { rejected: 1 } });
  });

  it('hands LangChain schemas it may extend: toOpenAITools output and gated tools both convert', () => {
    const { tools, registry, grant, gate } = aSetup();
    const [spec] = toOpenAITools({ registry, grant });
    expect(() =>
      convertToOpenAITool({
        name: spec?.function.name ?? '',
        description: spec?.function.description ?? '',
        schema: spec?.function.parameters ?? { type: 'object' },
      }),
    ).not.toThrow();
    const [gated] = gateLangChainTools(tools, { registry, gate, grant });
    const converted = convertToOpenAITool(gated as StructuredTool) as {
      function: { parameters: Record<string, unknown> };
    };
    converted.function.parameters.additionalProperties = false;
    expect(registry.resolve('notes/read@1')?.inputSchema).not.toHaveProperty(
      'additionalProperties',
    );
  });

  it('throws ToolgateError for a value that is not a tool and for bad options', async () => {
    const { tools, registry, grant, gate } = aSetup();
    expect(() =>
      gateLangChainTools({ 'notes/read@1': {} } as never, { registry, gate, grant }),
    ).toThrow(ToolgateError);
    expect(() => gateLangChainTools(tools, { registry, gate } as never)).toThrow(ToolgateError);
    await expect(runLangChainToolCalls([], [], { grant: { ...grant } })).rejects.toThrow(
      ToolgateError,
    );
  });
});
