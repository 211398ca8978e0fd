import type { Registry } from '../registry/types.js';
import { listUpstreamTools } from './listUpstreamTools.js';
import { readImportOptions } from './readImportOptions.js';
import { registerListedTools } from './registerListedTools.js';
import type { McpImport, McpImportOptions, McpUpstream } from './types.js';

/**
 * Reads an MCP server's whole `tools/list` through a connected client and
 * registers each tool: kind `mcp`, its description and `inputSchema`, the
 * name (under `namespace/` when given) and a version derived from what the
 * model sees (`mcpToolVersion`). Registering grants nothing: grant the refs
 * it returns. Tools it cannot register are listed in `skipped`, with why.
 *
 * // const { tools } = await importMcpTools(client, registry, { namespace: 'weather' });
 * // createGrant({ tools: tools.map((tool) => tool.ref) })
 */
export async function importMcpTools(
  upstream: McpUpstream,
  registry: Registry,
  options: McpImportOptions = {},
): Promise<McpImport> {
  const read = readImportOptions(options, 'importMcpTools');
  const { tools, skipped } = registerListedTools(await listUpstreamTools(upstream), registry, read);
  return Object.freeze({ tools, skipped });
}
