import { canonicalJson } from '../data/canonicalJson.js';
import { hasOwn } from '../data/hasOwn.js';
import { messageOf } from '../data/messageOf.js';
import { formatToolRef } from '../registry/formatToolRef.js';
import { isToolName } from '../registry/isToolName.js';
import type { Registry, ToolEntry } from '../registry/types.js';
import { mcpToolVersion } from './mcpToolVersion.js';
import type { ImportedMcpTool, McpImport, McpImportOptions, McpListedTool } from './types.js';

/** An import, and which refs it registered itself (the rest were there already). */
export interface ListedToolsImport extends McpImport {
  readonly registered: readonly string[];
}

/**
 * Registers tools a server listed (kind `mcp`, the server's description and
 * `inputSchema`, a version from `options.version`, default `mcpToolVersion`).
 * A ref already registered with the same description and schema is reused;
 * one registered by the caller itself (`owned`, the gateway's own refs) with
 * another definition is registered again (only a `version` function that
 * ignores the definition can do that). A tool is skipped, with the reason,
 * when its name (with the namespace) is not a toolgate name (`get.weather`:
 * `.` is not allowed), when the registry refuses it, or when its ref is
 * taken by another definition.
 *
 * // tools [forecast], { namespace: 'weather' } => tools [{ name: 'forecast', ref: 'weather/forecast@<fingerprint>' }]
 */
export function registerListedTools(
  listed: readonly McpListedTool[],
  registry: Registry,
  options: McpImportOptions,
  owned: ReadonlySet<string> = new Set(),
): ListedToolsImport {
  const tools: ImportedMcpTool[] = [];
  const skipped: { name: string; problem: string }[] = [];
  const registered: string[] = [];
  for (const tool of listed) {
    const name = options.namespace === undefined ? tool.name : `${options.namespace}/${tool.name}`;
    if (!isToolName(name)) {
      skipped.push({
        name: tool.name,
        problem: `${JSON.stringify(name)} is not a toolgate tool name (1 to 4 segments of a letter, then letters, digits, "_" or "-")`,
      });
      continue;
    }
    try {
      const version = (options.version ?? mcpToolVersion)(tool);
      const ref = formatToolRef({ name, version });
      const description =
        tool.description !== undefined && tool.description.trim() !== ''
          ? tool.description
          : (tool.title ?? tool.name);
      const scopes =
        options.scopes !== undefined && hasOwn(options.scopes, tool.name)
          ? options.scopes[tool.name]
          : undefined;
      const known = registry.resolve(ref);
      const replace =
        known !== undefined &&
        owned.has(ref) &&
        !isSameDefinition(known, description, tool.inputSchema);
      if (replace) registry.deregister(ref);
      if (known === undefined || replace) {
        registry.register({
          name,
          version,
          kind: 'mcp',
          description,
          inputSchema: tool.inputSchema,
          ...scopes,
        });
        registered.push(ref);
      } else if (!isSameDefinition(known, description, tool.inputSchema)) {
        throw new Error(`${ref} is already registered with another description or inputSchema`);
      }
      tools.push(Object.freeze({ name: tool.name, ref, tool }));
    } catch (error) {
      skipped.push({ name: tool.name, problem: messageOf(error) });
    }
  }
  return Object.freeze({
    tools: Object.freeze(tools),
    skipped: Object.freeze(skipped.map((item) => Object.freeze(item))),
    registered,
  });
}

function isSameDefinition(entry: ToolEntry, description: string, inputSchema: unknown): boolean {
  return (
    entry.description === description &&
    canonicalJson(entry.inputSchema) === canonicalJson(inputSchema)
  );
}
