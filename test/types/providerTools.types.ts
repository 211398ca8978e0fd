/**
 * Type test, run by `npm run typecheck` (tsconfig includes test/): the tool
 * lists toolgate writes are assignable to the request types of the
 * providers' own SDKs, as the user hands them over. A change that makes one
 * readonly, or loosens a schema's `type: 'object'`, fails the typecheck.
 */
import type {
  MessageCreateParamsNonStreaming,
  Tool as AnthropicTool,
} from '@anthropic-ai/sdk/resources/messages';
import type { ListToolsResult, Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type {
  FunctionTool,
  ResponseCreateParamsNonStreaming,
} from 'openai/resources/responses/responses';
import {
  createGrant,
  createRegistry,
  toAnthropicTools,
  toMcpTools,
  toOpenAITools,
} from '../../src/index.js';

const registry = createRegistry();
const grant = createGrant({ tools: ['fs-read@1'], folders: ['/srv'] });

export const chat: ChatCompletionCreateParamsNonStreaming = {
  model: 'gpt-5',
  messages: [{ role: 'user', content: 'read /srv/a' }],
  tools: toOpenAITools({ registry, grant }),
};
export const chatTools: ChatCompletionTool[] = toOpenAITools({ registry, grant }, { api: 'chat' });

export const responses: ResponseCreateParamsNonStreaming = {
  model: 'gpt-5',
  input: 'read /srv/a',
  tools: toOpenAITools({ registry, grant }, { api: 'responses' }),
};
export const responsesTools: FunctionTool[] = toOpenAITools(
  { registry, grant },
  { api: 'responses' },
);

export const anthropic: MessageCreateParamsNonStreaming = {
  model: 'claude-sonnet-4-5',
  max_tokens: 1024,
  messages: [{ role: 'user', content: 'read /srv/a' }],
  tools: toAnthropicTools({ registry, grant }),
};
export const anthropicTools: AnthropicTool[] = toAnthropicTools({ registry, grant });

export const mcpList: ListToolsResult = { tools: toMcpTools({ registry, grant }) };
export const mcpTools: McpTool[] = toMcpTools({ registry, grant });

// The copies are the caller's to change.
chatTools.push(chatTools[0] as ChatCompletionTool);
if (mcpTools[0] !== undefined) mcpTools[0].inputSchema.additionalProperties = false;
