import type { MenuOptions } from '../menu/types.js';
import { collectProviderTools } from './collectProviderTools.js';
import type { AnthropicTool } from './types.js';

/**
 * Lists the menu's tools as Anthropic Messages API tools, names mapped by
 * `toProviderToolName`, `input_schema` the tool's inputSchema as registered.
 * Each call returns a fresh, unfrozen list, assignable to the SDK's `Tool[]`.
 * Throws `ToolgateError` for bad options or two refs sharing a provider name.
 *
 * // => [{ name: 'slack__search_v1', description: 'Search messages…', input_schema: { type: 'object', … } }]
 */
export function toAnthropicTools(options: MenuOptions): AnthropicTool[] {
  return collectProviderTools(options, 'toAnthropicTools').map(({ name, description, schema }) => ({
    name,
    description,
    input_schema: schema,
  }));
}
