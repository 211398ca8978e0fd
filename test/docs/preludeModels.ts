/**
 * The models an agent runtime takes, for the documented examples that hand
 * one to the AI SDK, the OpenAI Agents SDK or LangChain where the reader's
 * own model goes (`languageModel`, `agentModel`, `chatModel`). There is no
 * network: each is scripted. The doc-example test loads this file
 * (`node --import`) only for a block that names one of them, since loading
 * the three SDKs costs about half a second.
 */
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { Usage, type Model, type ModelRequest, type ModelResponse } from '@openai/agents';
import { MockLanguageModelV3 } from 'ai/test';

/**
 * What the scripted models below send each tool they are offered, keyed by
 * the name the runtime offers it under: one call per entry, all in their
 * first step. A path tool gets one path inside the folder its example grants
 * and one that climbs out of it with `..`, so each example shows an allowed
 * call and a refusal (the folders are those docs/adapters.md grants). A tool
 * not listed here is called once with `{}`.
 */
const ARGUMENTS: Readonly<Record<string, readonly Record<string, unknown>[]>> = {
  weather_v1: [{ city: 'Oslo' }],
  files__write_v1: [
    { path: '/workspace/out/oslo.md', content: 'Oslo: clear' },
    { path: '/workspace/out/../../etc/passwd', content: 'x' },
  ],
  fs_read_v1: [{ path: '/workspace/notes.md' }, { path: '/workspace/../etc/passwd' }],
  notes__read_v1: [{ path: '/notes/todo.md' }, { path: '/notes/../etc/passwd' }],
};

/** The calls a scripted model makes in its first step: every offered tool, with its ARGUMENTS. */
function callsFor(offered: readonly string[]): { name: string; input: Record<string, unknown> }[] {
  return offered.flatMap((name) => (ARGUMENTS[name] ?? [{}]).map((input) => ({ name, input })));
}

/** The answer a scripted model gives once its tools answered: what each said, a line each. */
const answerFrom = (results: readonly (readonly [string, string])[]): string =>
  results.map(([name, text]) => `${name}: ${text}`).join('\n');

type GenerateOptions = Parameters<MockLanguageModelV3['doGenerate']>[0];
type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/**
 * The reader's AI SDK model (such as `openai('gpt-5')`): the AI SDK's own
 * mock model, scripted. Its first step calls the tools it is offered; the
 * next answers with what they returned (`error: …` for a tool error).
 */
function scriptedLanguageModel(options: GenerateOptions): Promise<GenerateResult> {
  const results = options.prompt.flatMap((message) =>
    message.role === 'tool'
      ? message.content.flatMap((part) =>
          part.type === 'tool-result' ? [[part.toolName, textOf(part.output)] as const] : [],
        )
      : [],
  );
  const offered = (options.tools ?? []).map((offeredTool) => offeredTool.name);
  const content: GenerateResult['content'] =
    results.length > 0 || offered.length === 0
      ? [{ type: 'text', text: answerFrom(results) }]
      : callsFor(offered).map(({ name, input }, index) => ({
          type: 'tool-call',
          toolCallId: `call-${String(index)}`,
          toolName: name,
          input: JSON.stringify(input),
        }));
  const finishReason = content[0]?.type === 'tool-call' ? 'tool-calls' : 'stop';
  return Promise.resolve({
    content,
    finishReason: { unified: finishReason, raw: undefined },
    usage,
    warnings: [],
  });
}

/** A tool result as the scripted AI SDK model reads it. */
function textOf(output: { readonly type: string; readonly value?: unknown }): string {
  const value = typeof output.value === 'string' ? output.value : JSON.stringify(output.value);
  return output.type.startsWith('error') ? `error: ${value}` : value;
}

/**
 * The reader's OpenAI Agents model (such as `'gpt-5'`, or an `OpenAIResponsesModel`),
 * scripted the same way: the first turn calls the tools the agent offers, the
 * next answers with what they returned.
 */
class ScriptedAgentModel implements Model {
  getResponse(request: ModelRequest): Promise<ModelResponse> {
    const items = typeof request.input === 'string' ? [] : request.input;
    const results = items.flatMap((item) =>
      item.type === 'function_call_result'
        ? [
            [
              item.name,
              typeof item.output === 'string' ? item.output : textOfAgent(item.output),
            ] as const,
          ]
        : [],
    );
    const offered = request.tools.map((offeredTool) => offeredTool.name);
    const output: ModelResponse['output'] =
      results.length > 0 || offered.length === 0
        ? [
            {
              type: 'message',
              role: 'assistant',
              status: 'completed',
              content: [{ type: 'output_text', text: answerFrom(results) }],
            },
          ]
        : callsFor(offered).map(({ name, input }, index) => ({
            type: 'function_call',
            callId: `call-${String(index)}`,
            name,
            arguments: JSON.stringify(input),
            status: 'completed',
          }));
    return Promise.resolve({ usage: new Usage(), output });
  }

  getStreamedResponse(): AsyncIterable<never> {
    throw new Error('the scripted agent model does not stream');
  }
}

/** A function call's output as the scripted agent model reads it: its text, else its JSON. */
function textOfAgent(output: object): string {
  return 'text' in output && typeof output.text === 'string' ? output.text : JSON.stringify(output);
}

/**
 * The reader's LangChain chat model (such as `new ChatOpenAI({ model: 'gpt-5' })`),
 * scripted the same way: bound to tools, it first calls them all, then,
 * once their `ToolMessage`s are in the messages, answers with what they said.
 */
class ScriptedChatModel extends BaseChatModel {
  #offered: string[] = [];

  _llmType(): string {
    return 'scripted';
  }

  override bindTools(tools: StructuredToolInterface[]): this {
    this.#offered = tools.map((offeredTool) => offeredTool.name);
    return this;
  }

  _generate(messages: BaseMessage[]): Promise<ChatResult> {
    // Each answer is named after the tool the model called (by call id), as the model reads it.
    const called = new Map(
      messages.flatMap((message) =>
        AIMessage.isInstance(message)
          ? (message.tool_calls ?? []).map((call) => [call.id, call.name] as const)
          : [],
      ),
    );
    const results = messages.flatMap((message) =>
      message instanceof ToolMessage
        ? [[called.get(message.tool_call_id) ?? message.tool_call_id, message.text] as const]
        : [],
    );
    const message =
      results.length > 0 || this.#offered.length === 0
        ? new AIMessage(answerFrom(results))
        : new AIMessage({
            content: '',
            tool_calls: callsFor(this.#offered).map(({ name, input }, index) => ({
              id: `call-${String(index)}`,
              name,
              args: input,
              type: 'tool_call',
            })),
          });
    return Promise.resolve({ generations: [{ message, text: message.text }] });
  }
}

/** The globals an example sees (declared for the compiler in the example folder only). */
export const PRELUDE_MODELS = {
  languageModel: new MockLanguageModelV3({ doGenerate: scriptedLanguageModel }),
  agentModel: new ScriptedAgentModel(),
  chatModel: new ScriptedChatModel({}),
};

Object.assign(globalThis, PRELUDE_MODELS);
