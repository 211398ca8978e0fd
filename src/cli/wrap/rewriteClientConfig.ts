import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import type { ClientKind } from './clientConfig.js';

/** How the client starts `toolgate mcp`: absolute paths, so it starts from any folder. */
export interface ProxyStart {
  readonly command: string;
  readonly args: readonly string[];
}

/**
 * The config with the wrapped servers taken out and one entry that starts
 * `toolgate mcp` in the place of the first of them, edited as text: every
 * byte outside those entries (comments, key order, unknown keys, the
 * servers left as they were, trailing commas) stays. The entry is named
 * `toolgate` (`toolgate-2`, … when a kept server has that name), indented
 * like the entry it replaces; Claude Code and VS Code entries carry
 * `type: "stdio"`. `wrapped` must name at least one server of the config.
 *
 * // ('{"mcpServers":{"fs":{…}}}', cursor, ['fs'], ['fs'], start) => { text: '{"mcpServers":{"toolgate":{…}}}', entry: 'toolgate' }
 */
export function rewriteClientConfig(
  text: string,
  client: ClientKind,
  wrapped: readonly string[],
  taken: readonly string[],
  start: ProxyStart,
): { readonly text: string; readonly entry: string } {
  const root = parseTree(text, [], { allowTrailingComma: true });
  const servers = root === undefined ? undefined : findNodeAtLocation(root, [client.key]);
  const properties = servers?.type === 'object' ? (servers.children ?? []) : [];
  const named = (property: Node) => property.children?.[0]?.value as unknown;
  const left = new Set(taken.filter((name) => !wrapped.includes(name)));
  let entry = 'toolgate';
  for (let n = 2; left.has(entry); n++) entry = `toolgate-${String(n)}`;
  const value = {
    ...(client.typed ? { type: 'stdio' } : {}),
    command: start.command,
    args: [...start.args],
  };
  const edits: { readonly offset: number; readonly length: number; readonly content: string }[] =
    [];
  let placed = false;
  properties.forEach((property, index) => {
    if (!wrapped.includes(named(property) as string)) return;
    if (!placed) {
      placed = true;
      edits.push({
        offset: property.offset,
        length: property.length,
        content: `${JSON.stringify(entry)}: ${indented(value, text, property.offset)}`,
      });
      return;
    }
    // Taken out with the separator before it (the entry placed above comes first).
    const previous = properties[index - 1] as Node;
    const end = previous.offset + previous.length;
    edits.push({ offset: end, length: property.offset + property.length - end, content: '' });
  });
  // INVARIANT: the caller wraps only servers it read from this config, so one was placed.
  let next = text;
  for (const edit of edits.sort((a, b) => b.offset - a.offset))
    next = next.slice(0, edit.offset) + edit.content + next.slice(edit.offset + edit.length);
  return { text: next, entry };
}

/** The value as JSON spread over lines, indented to sit where `offset` starts, in the file's own style. */
function indented(value: unknown, text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const margin = /^[ \t]*/.exec(text.slice(lineStart, offset))?.[0] ?? '';
  const unit = /\n([ \t]+)"/.exec(text)?.[1] ?? '  ';
  const step = unit.startsWith('\t') ? '\t' : ' '.repeat(Math.min(unit.length, 4));
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return JSON.stringify(value, null, step).split('\n').join(`${eol}${margin}`);
}
