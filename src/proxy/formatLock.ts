import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { mcpToolDigest } from '../mcp/mcpToolDigest.js';

/**
 * Writes a `toolgate.lock` (SPEC §13): each ref, sorted, with the full
 * SHA-256 digest of the tool exactly as its server listed it, and that
 * definition, as indented JSON ending in a newline (it is meant for review
 * and version control).
 *
 * // Map { 'fs/read_text_file@1' => tool } => '{\n  "lockVersion": 1,\n  "tools": {\n    "fs/read_text_file@1": { "digest": "sha256:…", … } } }\n'
 */
export function formatLock(tools: ReadonlyMap<string, Tool>): string {
  const entries = [...tools.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const locked = Object.fromEntries(
    entries.map(([ref, definition]) => [ref, { digest: mcpToolDigest(definition), definition }]),
  );
  return `${JSON.stringify({ lockVersion: 1, tools: locked }, null, 2)}\n`;
}
