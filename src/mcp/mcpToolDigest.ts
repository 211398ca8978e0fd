import { canonicalJson } from '../data/canonicalJson.js';
import { sha256Hex } from '../data/sha256Hex.js';

/**
 * The full digest of a tool exactly as an MCP server listed it: `sha256:`
 * and the 64 hex digits of the SHA-256 of its canonical JSON (SPEC §13),
 * over every field the server sent — name, title, description, input and
 * output schema, annotations, `_meta` — so anything the model may be shown
 * is covered. This, never a shortened fingerprint, is what toolgate binds
 * to an approved ref.
 *
 * // { name: 'echo', inputSchema: { type: 'object' } } => sha256:<64 hex digits>
 * // the same with title: 'Echo'                       => another digest
 */
export function mcpToolDigest(tool: object): string {
  return `sha256:${sha256Hex(canonicalJson(tool))}`;
}
