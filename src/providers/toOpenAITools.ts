import type { MenuOptions } from '../menu/types.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { collectProviderTools } from './collectProviderTools.js';
import type { OpenAIChatTool, OpenAIResponsesTool } from './types.js';

/** Which OpenAI API the list is for. */
export interface OpenAIToolsFormat {
  /** `'chat'` (Chat Completions, the default) or `'responses'` (Responses API). */
  readonly api?: 'chat' | 'responses';
}

/**
 * Lists the menu's tools as OpenAI function tools, names mapped by
 * `toProviderToolName`, parameters the tool's inputSchema as registered.
 * Each call returns a fresh, unfrozen list, assignable to the SDK's
 * `ChatCompletionTool[]` or `FunctionTool[]`.
 * Throws `ToolgateError` for bad options or two refs sharing a provider name.
 *
 * // chat      => [{ type: 'function', function: { name: 'slack__search_v1', description, parameters } }]
 * // responses => [{ type: 'function', name: 'slack__search_v1', description, parameters, strict: false }]
 */
export function toOpenAITools(
  options: MenuOptions,
  format?: { readonly api: 'chat' },
): OpenAIChatTool[];
export function toOpenAITools(
  options: MenuOptions,
  format: { readonly api: 'responses' },
): OpenAIResponsesTool[];
export function toOpenAITools(
  options: MenuOptions,
  format?: OpenAIToolsFormat,
): (OpenAIChatTool | OpenAIResponsesTool)[];
export function toOpenAITools(
  options: MenuOptions,
  format: OpenAIToolsFormat = {},
): (OpenAIChatTool | OpenAIResponsesTool)[] {
  const api = (format as { api?: unknown }).api ?? 'chat';
  if (api !== 'chat' && api !== 'responses') {
    throw new ToolgateError('invalid_option', 'toOpenAITools: api must be "chat" or "responses"');
  }
  return collectProviderTools(options, 'toOpenAITools').map(({ name, description, schema }) =>
    api === 'chat'
      ? { type: 'function' as const, function: { name, description, parameters: schema } }
      : {
          type: 'function' as const,
          name,
          description,
          parameters: schema,
          strict: false as const,
        },
  );
}
