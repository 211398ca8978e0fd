import { hasOwn } from '../data/hasOwn.js';
import { formatMenuJson } from './formatMenuJson.js';
import { renderInputLines } from './renderInputLines.js';
import { toMenuLine } from './toMenuLine.js';
import type { MenuTool } from './types.js';

/** The line an `ask` tool's entry carries (rev 2): the model learns a call may wait for a person. */
export const APPROVAL_LINE =
  'approval: required (a person approves each call, with its exact arguments, before it runs)';

/**
 * Renders one tool's menu entry: its exact name and pinned version first
 * (the gate matches both exactly), the description, the inputs, and the
 * example when the tool has one. A tool the registry cannot resolve
 * degrades to its name, its version and the call envelope.
 *
 * // search@1 => name: search\nversion: 1\nSearches.\nInputs:\n- query (str, required)
 * // unresolvable gone@2 => name: gone\nversion: 2\nCall as: {"tool": "gone", "version": 2, "arguments": {...}}
 * // fs-write@1 in ask   => name: fs-write\nversion: 1\napproval: required (…)\nWrites…
 */
export function renderMenuEntry(tool: MenuTool): string {
  const lines = [`name: ${tool.name}`, `version: ${tool.version}`];
  // Right under the identity, so the model reads it before the inputs; absent otherwise (SPEC §8 text unchanged).
  if (tool.ask === true) lines.push(APPROVAL_LINE);
  const entry = tool.entry;
  if (entry === undefined) {
    lines.push(
      `Call as: {"tool": ${formatMenuJson(tool.name)}, "version": ${tool.version}, "arguments": {...}}`,
    );
    return lines.join('\n');
  }
  const description = toMenuLine(entry.description);
  // INVARIANT: no line of an entry is empty; one blank line is what separates entries.
  if (description !== '') lines.push(description);
  lines.push(...renderInputLines(entry.inputSchema));
  if (hasOwn(entry, 'example')) lines.push(`Example: ${formatMenuJson(entry.example)}`);
  return lines.join('\n');
}
