import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { messageOf } from '../data/messageOf.js';
import { nameListedTools } from '../mcp/nameListedTools.js';
import { registerListedTools, type ListingMemory } from '../mcp/registerListedTools.js';
import type { Registry } from '../registry/types.js';
import type { PolicyServer } from '../cli/policy/buildServers.js';
import type { Lock } from './readLock.js';
import type { ServedTool } from './types.js';

/** What one server's listing gave: the tools served, and why the others are not. */
export interface ServerListing {
  readonly served: readonly ServedTool[];
  readonly skipped: readonly {
    readonly name: string;
    readonly problem: string;
    readonly ref?: string;
    readonly locked?: string;
    readonly live?: string;
  }[];
}

/**
 * Turns one server's `tools/list` into the tools the proxy serves, each
 * registered as `SERVER/TOOL@1` (the MCP name read by `nameListedTools`:
 * `repo.get` as `repo_get`) with the policy's bindings for it. With a
 * lock, only locked refs are served, and only while the live definition's
 * full digest is the locked one; without, a granted ref is bound to the
 * first definition seen (`memory.bound`). A changed definition is skipped
 * with the ref it would have had, so its calls are refused `not_granted`.
 * The server's refs no longer served leave the registry.
 *
 * // (fs server, [read_text_file], lock with its digest) => served [fs/read_text_file@1]
 */
export function selectServedTools(
  server: PolicyServer,
  listed: readonly Tool[],
  registry: Registry,
  memory: ListingMemory,
  lock: Lock | undefined,
): ServerListing {
  const prefix = `${server.name}/`;
  // Names read over the whole listing, so a tool left out of the lock still holds its reading.
  const names = nameListedTools(
    listed.map((tool) => tool.name),
    server.name,
  );
  const refOf = (tool: Tool) => {
    const named = names.get(tool.name);
    return named?.ok === true ? `${named.name}@1` : undefined;
  };
  const locked = listed.filter((tool) => {
    const ref = refOf(tool);
    return ref !== undefined && (lock === undefined || lock.tools.has(ref));
  });
  const notLocked = listed
    .filter((tool) => !locked.includes(tool))
    .map((tool) => {
      const named = names.get(tool.name);
      return {
        name: tool.name,
        problem:
          named?.ok === true
            ? `${named.name}@1 is not in the lock; run toolgate mcp lock to review and add it`
            : (named?.problem ?? 'the tool has no toolgate name'),
      };
    });
  let result;
  try {
    result = registerListedTools(
      locked,
      registry,
      { namespace: server.name, scopes: server.tools, version: () => 1 },
      memory,
    );
  } catch (error) {
    return { served: [], skipped: [{ name: '*', problem: messageOf(error) }] };
  }
  const owned = memory.owned as Set<string>;
  for (const ref of result.registered) owned.add(ref);
  const refs = new Set(result.tools.map((tool) => tool.ref));
  for (const ref of owned) {
    if (!ref.startsWith(prefix) || refs.has(ref)) continue;
    registry.deregister(ref);
    owned.delete(ref);
  }
  return {
    served: result.tools.map((tool) =>
      Object.freeze({
        ref: tool.ref,
        server: server.name,
        upstreamName: tool.name,
        definition: tool.tool,
      }),
    ),
    skipped: [...result.skipped, ...notLocked],
  };
}
