import type { CoresourceConfig } from './readCoresourceConfig.js';
import type { CoresourceTool, CoresourceToolSource } from './types.js';

/** The tools a configured MCP server adds besides `<alias>/*`. */
export const MCP_HELPER_TOOLS = Object.freeze([
  'list_mcp_capabilities',
  'list_mcp_resources',
  'read_mcp_resource',
] as const);

/** The tools skills add. */
export const SKILL_TOOLS = Object.freeze(['list_skills', 'invoke_skill'] as const);

/**
 * Derives the allowlist from a configuration, in the documented order:
 * each custom tool name; each runtime-catalog name plus `web_search` (when
 * runtime tools are registered); `list_skills`, `invoke_skill` (skills);
 * `<alias>/*` per MCP server plus `list_mcp_capabilities`,
 * `list_mcp_resources`, `read_mcp_resource`; `understand_image` (image
 * model); `<namespace>/*` per local MCP server. A custom tool keeps its
 * place and replaces a later tool of the same name: "yours wins".
 *
 * // { tools: [execute], runtime: [execute, file_read] }
 * //   => execute (custom, replaces runtime), file_read (runtime), web_search (hosted)
 */
export function deriveAllowlist(config: CoresourceConfig): readonly CoresourceTool[] {
  const entries: CoresourceTool[] = [];
  const add = (name: string, source: CoresourceToolSource) => {
    const index = entries.findIndex((entry) => entry.name === name);
    const existing = entries[index];
    if (existing === undefined) entries.push({ name, source });
    else if (
      existing.source === 'custom' &&
      source !== 'custom' &&
      existing.replaces === undefined
    ) {
      entries[index] = { ...existing, replaces: source };
    }
  };
  for (const name of config.custom) add(name, 'custom');
  if (config.runtime !== undefined) {
    for (const name of config.runtime) add(name, 'runtime');
    add('web_search', 'hosted');
  }
  if (config.skills) for (const name of SKILL_TOOLS) add(name, 'skills');
  for (const alias of config.mcpAliases) add(`${alias}/*`, 'mcp');
  if (config.mcpAliases.length > 0) for (const name of MCP_HELPER_TOOLS) add(name, 'mcp');
  if (config.imageModel) add('understand_image', 'hosted');
  for (const namespace of config.localNamespaces) add(`${namespace}/*`, 'local_mcp');
  return entries;
}
