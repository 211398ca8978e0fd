import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { nameListedTools } from '../mcp/nameListedTools.js';
import { findResourceArguments } from './findResourceArguments.js';

/** The server a starter policy fronts: a name and the command line that runs it. */
export interface StarterServer {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
}

/**
 * Writes a starter policy (YAML) for one server: its `servers:` entry with
 * every tool, each with its ref (the MCP name read by `nameListedTools`) and
 * input schema as a comment and a `resources`
 * binding for each argument that looks like a path or URL (flagged
 * `# CHECK`; a path is `read` for a tool the server annotates
 * `readOnlyHint: true`, else `write`), and a grant `default` that grants nothing. Every value is
 * written as JSON, which YAML reads as is.
 *
 * // ({ name: 'fs', command: 'node', args: ['fs.js', '/srv'] }, [read_text_file]) => 'version: 1\nservers:\n  fs:\n …'
 */
export function formatStarterPolicy(server: StarterServer, tools: readonly Tool[]): string {
  const lines = [
    '# A starter policy written by toolgate mcp init. Nothing is granted yet:',
    '# check each binding marked CHECK, list the refs to allow under grants.default.tools,',
    '# add folders/network/secrets, then run toolgate mcp lock --policy THIS_FILE.',
    'version: 1',
    'servers:',
    `  ${server.name}:`,
    `    command: ${json(server.command)}`,
    `    args: ${json(server.args)}`,
    '    tools:',
  ];
  lines.push(...formatServerTools(server.name, tools).lines);
  lines.push('grants:', '  default:', '    tools: []', '    folders: []', '');
  return lines.join('\n');
}

const json = (value: unknown) => JSON.stringify(value);
const comment = (text: string) => text.replace(/[\r\n\u2028\u2029]+/g, ' ');

/**
 * The `tools:` entries of one server's block (indented for `servers.NAME.tools`):
 * each tool with its ref and input schema as a comment, and a `resources`
 * binding, marked `# CHECK`, for each argument that looks like a path or URL.
 * `refs` are the refs of the tools served (the ones with a toolgate name).
 *
 * // ('fs', [read_text_file]) => { lines: ['      # fs/read_text_file@1 — …', …], refs: ['fs/read_text_file@1'] }
 */
export function formatServerTools(
  serverName: string,
  tools: readonly Tool[],
): { readonly lines: readonly string[]; readonly refs: readonly string[] } {
  const lines: string[] = [];
  const refs: string[] = [];
  const names = nameListedTools(
    tools.map((tool) => tool.name),
    serverName,
  );
  for (const tool of tools) {
    const named = names.get(tool.name);
    if (named?.ok === true) refs.push(`${named.name}@1`);
    const ref =
      named?.ok === true
        ? `${named.name}@1`
        : `not served: ${comment(named?.problem ?? 'it has no toolgate name')}`;
    lines.push(`      # ${ref} — ${comment(tool.description ?? tool.title ?? '')}`);
    lines.push(`      # inputSchema: ${comment(json(tool.inputSchema))}`);
    const found = findResourceArguments(tool.inputSchema);
    if (found.length === 0) {
      lines.push(`      ${json(tool.name)}: {}`);
      continue;
    }
    lines.push(`      ${json(tool.name)}:`, '        resources:');
    // The server's own word that the tool only reads: a starting point, still marked for review.
    const readOnly = tool.annotations?.readOnlyHint === true;
    for (const argument of found) {
      const access = argument.kind === 'path' ? `, "access": "${readOnly ? 'read' : 'write'}"` : '';
      const hint =
        argument.kind !== 'path'
          ? ''
          : readOnly
            ? '; read, as the server marks the tool readOnlyHint (check that it only reads)'
            : '; use read if the tool only reads';
      lines.push(
        `          - { "kind": "${argument.kind}", "at": ${json(argument.at)}${access} } # CHECK: looks like a ${argument.kind}${hint}`,
      );
    }
  }
  return { lines, refs };
}
