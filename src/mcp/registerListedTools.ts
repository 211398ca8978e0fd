import { canonicalJson } from '../data/canonicalJson.js';
import { hasOwn } from '../data/hasOwn.js';
import { messageOf } from '../data/messageOf.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { formatToolRef } from '../registry/formatToolRef.js';
import type { Registry, ToolEntry } from '../registry/types.js';
import { mcpToolDigest } from './mcpToolDigest.js';
import { mcpToolVersion } from './mcpToolVersion.js';
import { nameListedTools } from './nameListedTools.js';
import { rememberFailure } from './rememberFailure.js';
import type { ImportedMcpTool, McpImport, McpImportOptions, McpListedTool } from './types.js';

/** An import, and which refs it registered itself (the rest were there already). */
export interface ListedToolsImport extends McpImport {
  readonly registered: readonly string[];
}

/** What a gateway remembers from one listing to the next. */
export interface ListingMemory {
  /** The refs the gateway registered itself. */
  readonly owned: ReadonlySet<string>;
  /** The full digest each approved ref is bound to; a listed tool with another digest under it is skipped. */
  readonly bound: Map<string, string>;
  /** Should this ref be bound to the first definition seen under it (the granted refs)? */
  readonly bindsRef: (ref: string) => boolean;
  /** Why definitions (by full digest) failed to register; bounded (`rememberFailure`). */
  readonly failures: Map<string, string>;
}

const NO_MEMORY: ListingMemory = {
  owned: new Set(),
  bound: new Map(),
  bindsRef: () => false,
  failures: new Map(),
};

/**
 * Registers tools a server listed (kind `mcp`, the server's description and
 * `inputSchema`, a version from `options.version`, default `mcpToolVersion`).
 * A ref already registered with the same description and schema is reused;
 * one registered by the caller itself (`memory.owned`) with another
 * definition is registered again, unless the ref is bound. A tool is
 * registered under its MCP name read as a toolgate name (`nameListedTools`:
 * `get.weather` as `get_weather`). It is skipped, with the reason, when its
 * name cannot be read as a toolgate name or collides with another one's
 * reading, when its ref is bound
 * to another full digest (a changed or colliding definition under an
 * approved ref), when the registry refuses it (remembered by digest, so an
 * unchanged failed definition is not tried again), or when its ref is taken
 * by another definition.
 *
 * // tools [forecast], { namespace: 'weather' } => tools [{ name: 'forecast', ref: 'weather/forecast@<fingerprint>', digest }]
 */
export function registerListedTools(
  listed: readonly McpListedTool[],
  registry: Registry,
  options: McpImportOptions,
  memory: ListingMemory = NO_MEMORY,
): ListedToolsImport {
  const tools: ImportedMcpTool[] = [];
  const skipped: { name: string; problem: string; ref?: string; locked?: string; live?: string }[] =
    [];
  const registered: string[] = [];
  const names = nameListedTools(
    listed.map((tool) => tool.name),
    options.namespace,
  );
  for (const tool of listed) {
    const named = names.get(tool.name);
    // INVARIANT: nameListedTools names every listed tool; refuse rather than pass.
    if (named?.ok !== true) {
      skipped.push({ name: tool.name, problem: named?.problem ?? 'the tool has no toolgate name' });
      continue;
    }
    const { name } = named;
    const digest = mcpToolDigest(tool);
    const failed = memory.failures.get(digest);
    if (failed !== undefined) {
      skipped.push({ name: tool.name, problem: failed });
      continue;
    }
    try {
      const version = (options.version ?? mcpToolVersion)(tool);
      const ref = formatToolRef({ name, version });
      const approved = memory.bound.get(ref);
      if (approved !== undefined && approved !== digest) {
        skipped.push({
          name: tool.name,
          ref,
          locked: approved,
          live: digest,
          problem: `the server lists another definition under ${ref} (${digest}) than the one approved (${approved}): a changed tool needs a new approval`,
        });
        continue;
      }
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
        memory.owned.has(ref) &&
        !isSameDefinition(known, description, tool.inputSchema);
      if (replace) registry.deregister(ref);
      if (known === undefined || replace) {
        try {
          registry.register({
            name,
            version,
            kind: 'mcp',
            description,
            inputSchema: tool.inputSchema,
            ...scopes,
          });
        } catch (error) {
          // Only a definition the registry refuses is remembered: it fails the same way every time.
          if (error instanceof ToolgateError && error.code === 'invalid_tool')
            rememberFailure(memory.failures, digest, messageOf(error));
          throw error;
        }
        registered.push(ref);
      } else if (!isSameDefinition(known, description, tool.inputSchema)) {
        throw new Error(`${ref} is already registered with another description or inputSchema`);
      }
      if (approved === undefined && memory.bindsRef(ref)) memory.bound.set(ref, digest);
      tools.push(Object.freeze({ name: tool.name, ref, digest, tool }));
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
