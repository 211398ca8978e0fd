import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { formatServerTools } from '../../proxy/formatStarterPolicy.js';
import type { ClientServer } from './clientConfig.js';

/** A server wrap puts behind toolgate, with the tools it listed. */
export interface WrappedServer {
  readonly server: Exclude<ClientServer, { readonly kind: 'kept' }>;
  readonly tools: readonly Tool[];
}

/**
 * The policy `toolgate mcp wrap` writes: every server as the client started
 * it (`command`, `args`, `env`, `cwd`, or `url`), each tool with the
 * bindings `init` infers (marked `# CHECK`), and a grant `default` listing
 * every tool served, to run in audit mode. With `redact`, each `env` value
 * is written as `[redacted]` (what `--dry-run` prints); the file itself
 * holds them, so wrap writes it readable by its owner only.
 *
 * // ([{ server: fs, tools: [read_text_file] }], { client: 'cursor', config: '/home/me/.cursor/mcp.json' }) => 'version: 1\nservers:\n  fs:\n …grants:\n  default:\n    tools: ["fs/read_text_file@1"]\n'
 */
export function formatWrapPolicy(
  servers: readonly WrappedServer[],
  from: { readonly client: string; readonly config: string },
  redact = false,
): string {
  const json = (value: unknown) => JSON.stringify(value);
  const lines = [
    `# Written by toolgate mcp wrap from ${from.client}'s ${from.config.replace(/[\r\n\u2028\u2029]+/g, ' ')}.`,
    '# The client runs toolgate mcp --audit: every call is let through and recorded with what',
    '# this grant would refuse. Use the client for a while, then run toolgate suggest to write',
    '# the narrowest grant that allows what it did, check the CHECK bindings, and drop --audit.',
    'version: 1',
    'servers:',
  ];
  const refs: string[] = [];
  for (const { server, tools } of servers) {
    lines.push(`  ${server.name}:`);
    if (server.kind === 'url') lines.push(`    url: ${json(server.url)}`);
    else {
      lines.push(`    command: ${json(server.command)}`, `    args: ${json(server.args)}`);
      if (server.env !== undefined) {
        const env = redact
          ? Object.fromEntries(Object.keys(server.env).map((key) => [key, '[redacted]']))
          : server.env;
        lines.push(`    env: ${json(env)}`);
      }
      if (server.cwd !== undefined) lines.push(`    cwd: ${json(server.cwd)}`);
    }
    const listed = formatServerTools(server.name, tools);
    lines.push(listed.lines.length === 0 ? '    tools: {}' : '    tools:', ...listed.lines);
    refs.push(...listed.refs);
  }
  lines.push('grants:', '  default:', `    tools: ${json(refs)}`, '');
  return lines.join('\n');
}
