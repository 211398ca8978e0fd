/** One client's configuration entry for the proxy. */
export interface ClientSnippet {
  /** The client, as people call it. */
  readonly client: 'Claude Desktop' | 'Claude Code' | 'Cursor' | 'VS Code';
  /** Where the client reads it. */
  readonly file: string;
  /** The JSON to merge into that file. */
  readonly json: string;
}

/**
 * The configuration each client needs to start `toolgate mcp` with this
 * command line, as docs/mcp.md shows them: Claude Desktop and Cursor take
 * `mcpServers` entries, Claude Code the same with `type: stdio`, VS Code
 * `servers` with `type: stdio`. The command and arguments are written as
 * given (absolute paths, so a client can start the proxy from any folder).
 *
 * // ({ command: '/usr/bin/node', args: ['/lib/toolgate/dist/cli.js', 'mcp', '--policy', '/p.yaml'] }) => [Claude Desktop, Claude Code, Cursor, VS Code]
 */
export function formatClientSnippets(start: {
  readonly command: string;
  readonly args: readonly string[];
}): readonly ClientSnippet[] {
  const plain = { command: start.command, args: [...start.args] };
  const typed = { type: 'stdio', ...plain };
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    {
      client: 'Claude Desktop',
      file: 'claude_desktop_config.json',
      json: json({ mcpServers: { toolgate: plain } }),
    },
    {
      client: 'Claude Code',
      file: '.mcp.json (or claude mcp add-json toolgate …)',
      json: json({ mcpServers: { toolgate: typed } }),
    },
    {
      client: 'Cursor',
      file: '~/.cursor/mcp.json or .cursor/mcp.json',
      json: json({ mcpServers: { toolgate: plain } }),
    },
    { client: 'VS Code', file: '.vscode/mcp.json', json: json({ servers: { toolgate: typed } }) },
  ];
}
