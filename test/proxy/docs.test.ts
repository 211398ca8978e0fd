import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePolicy } from '../../src/cli/policy/parsePolicy.js';
import { formatClientSnippets } from '../../src/proxy/formatClientSnippets.js';

const ROOT = resolve(import.meta.dirname, '../..');
const doc = readFileSync(join(ROOT, 'docs/mcp.md'), 'utf8');

/** The fenced blocks of docs/mcp.md whose info string is `LANG TAG`, by tag. */
function blocks(lang: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of doc.matchAll(/^```(\w+)(?: ([\w-]+))?\n([\s\S]*?)^```$/gm)) {
    if (match[1] === lang) found.set(match[2] ?? `#${String(found.size)}`, match[3] ?? '');
  }
  return found;
}

describe('docs/mcp.md', () => {
  it('gives a config snippet for each client that parses and runs toolgate mcp --policy', () => {
    const snippets = blocks('json');
    const http = snippets.get('http');
    snippets.delete('http');
    expect([...snippets.keys()]).toEqual(['claude-desktop', 'claude-code', 'cursor', 'vscode']);
    // Over HTTP the client sends the token (SPEC §14.4).
    const remote = (
      JSON.parse(http ?? '{}') as {
        mcpServers?: Record<string, { url: string; headers: Record<string, string> }>;
      }
    ).mcpServers?.files;
    expect(remote?.url).toBe('http://127.0.0.1:8787/mcp');
    expect(remote?.headers.Authorization).toMatch(/^Bearer /);
    for (const [client, text] of snippets) {
      const config = JSON.parse(text) as Record<
        string,
        Record<string, { command: string; args: string[]; type?: string }>
      >;
      const servers = client === 'vscode' ? config.servers : config.mcpServers;
      const entry = servers?.toolgate;
      // The global bin, with an absolute policy path: npx from a client's folder finds no toolgate.
      expect(entry?.command, client).toBe('toolgate');
      expect(entry?.args.slice(0, 2), client).toEqual(['mcp', '--policy']);
      expect(entry?.args[2]?.startsWith('/'), client).toBe(true);
      if (client === 'vscode' || client === 'claude-code')
        expect(entry?.type, client).toBe('stdio');
    }
  });

  it('shows each client the configuration toolgate mcp doctor prints, for the same command line', () => {
    const snippets = blocks('json');
    const printed = formatClientSnippets({
      command: 'toolgate',
      args: ['mcp', '--policy', '/home/me/agent/policy.yaml'],
    });
    expect(printed.map((snippet) => snippet.client)).toEqual([
      'Claude Desktop',
      'Claude Code',
      'Cursor',
      'VS Code',
    ]);
    const tags = ['claude-desktop', 'claude-code', 'cursor', 'vscode'];
    for (const [index, snippet] of printed.entries())
      expect(JSON.parse(snippets.get(tags[index] ?? '') ?? 'null'), snippet.client).toEqual(
        JSON.parse(snippet.json),
      );
  });

  it('shows a policy that loads with no problems', () => {
    const [policy] = [...blocks('yaml').values()];
    const result = parsePolicy('docs.yaml', policy ?? '', {
      readFile: () => '',
      exists: () => false,
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.ok).toBe(true);
  });
});
