import { canonicalJson } from '../data/canonicalJson.js';
import { sha256Hex } from '../data/sha256Hex.js';

/**
 * The version toolgate gives a tool an MCP server lists (MCP tools have
 * none): a fingerprint of what the model sees and the gate checks, so that
 * any change to it is a new ref that no grant names yet. It is 1 plus the
 * first 52 bits of the SHA-256 of the canonical JSON (keys sorted) of
 * `{ name, description, inputSchema }` (a missing description counts as
 * `''`): a positive safe integer, the same on every machine.
 *
 * // ({ name: 'forecast', description: 'Weather.', inputSchema: { type: 'object' } }) => a number from 1 to 2^52
 */
export function mcpToolVersion(tool: {
  readonly name: string;
  readonly description?: string | undefined;
  readonly inputSchema: unknown;
}): number {
  const text = canonicalJson({
    name: tool.name,
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
  });
  // 13 hex digits = 52 bits, so 1 + the value is at most 2^52, well inside Number.MAX_SAFE_INTEGER.
  return Number.parseInt(sha256Hex(text).slice(0, 13), 16) + 1;
}
