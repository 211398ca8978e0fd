import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { messageOf } from '../data/messageOf.js';
import { mcpToolDigest } from '../mcp/mcpToolDigest.js';
import { parseToolRef } from '../registry/parseToolRef.js';

/** One locked tool: the definition exactly as the server listed it, and its full digest. */
export interface LockedTool {
  readonly digest: string;
  readonly definition: Tool;
}

/** A `toolgate.lock` file (SPEC §13): every exposed ref with its full digest. */
export interface Lock {
  readonly tools: ReadonlyMap<string, LockedTool>;
}

/**
 * Reads a `toolgate.lock` text: `{ lockVersion: 1, tools: { REF: { digest,
 * definition } } }`. Every digest must be the full SHA-256 of its
 * definition's canonical JSON: a lock edited by hand, or damaged, is
 * refused as a whole (`{ problem }`), never partly trusted.
 *
 * // '{"lockVersion":1,"tools":{}}' => { lock: { tools: Map {} } }
 */
export function readLock(text: string): { readonly lock: Lock } | { readonly problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: `it is not JSON: ${messageOf(error)}` };
  }
  if (!isPlainObject(value) || value.lockVersion !== 1 || !isPlainObject(value.tools))
    return { problem: 'it must be { "lockVersion": 1, "tools": { REF: { digest, definition } } }' };
  const tools = new Map<string, LockedTool>();
  for (const [ref, entry] of Object.entries(value.tools)) {
    try {
      parseToolRef(ref);
    } catch {
      return { problem: `${JSON.stringify(ref)} is not a ref NAME@VERSION` };
    }
    if (
      !isPlainObject(entry) ||
      typeof entry.digest !== 'string' ||
      !isPlainObject(entry.definition)
    )
      return { problem: `tools[${JSON.stringify(ref)}] must be { digest, definition }` };
    const digest = mcpToolDigest(entry.definition);
    if (entry.digest !== digest)
      return {
        problem: `the digest of ${ref} is not the SHA-256 of its definition (${digest}); run toolgate mcp lock again`,
      };
    tools.set(ref, Object.freeze({ digest, definition: entry.definition as Tool }));
  }
  return { lock: Object.freeze({ tools }) };
}
