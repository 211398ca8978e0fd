import { mcpToolDigest } from './mcpToolDigest.js';

/**
 * The version toolgate gives a tool an MCP server lists (MCP tools have
 * none): 1 plus the first 52 bits of its full digest (`mcpToolDigest`, over
 * every field the server sent), a positive safe integer, the same on every
 * machine. It only names the ref: 52 bits can be collided by a birthday
 * search, so the gateway and the proxy bind each granted ref to the FULL
 * digest of its definition and refuse another definition under that ref.
 *
 * // ({ name: 'forecast', description: 'Weather.', inputSchema: { type: 'object' } }) => a number from 1 to 2^52
 */
export function mcpToolVersion(tool: object): number {
  // 13 hex digits = 52 bits, so 1 + the value is at most 2^52, well inside Number.MAX_SAFE_INTEGER.
  return Number.parseInt(mcpToolDigest(tool).slice(7, 20), 16) + 1;
}
