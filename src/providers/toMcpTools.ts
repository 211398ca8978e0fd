import type { MenuOptions } from '../menu/types.js';
import { collectProviderTools } from './collectProviderTools.js';
import type { McpTool } from './types.js';

/**
 * Lists the menu's tools as MCP tools (`tools/list`), names mapped by
 * `toProviderToolName` (the MCP name rule allows `.` but not `/` or `@`, and
 * many MCP clients accept only `^[a-zA-Z0-9_-]{1,64}$`), with the exact ref
 * as the `title`. Each call returns a fresh, unfrozen list, assignable to the
 * MCP SDK's `Tool[]`. Throws `ToolgateError` for bad options or two refs sharing
 * a provider name.
 *
 * // => [{ name: 'slack__search_v1', title: 'slack/search@1', description, inputSchema }]
 */
export function toMcpTools(options: MenuOptions): McpTool[] {
  return collectProviderTools(options, 'toMcpTools').map(({ name, ref, description, schema }) => ({
    name,
    title: ref,
    description,
    inputSchema: schema,
  }));
}
