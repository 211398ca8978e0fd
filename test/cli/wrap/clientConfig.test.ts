import { describe, expect, it } from 'vitest';
import {
  clientKind,
  defaultConfigPath,
  readClientConfig,
} from '../../../src/cli/wrap/clientConfig.js';

const desktop = clientKind('claude-desktop');
const vscode = clientKind('vscode');
const read = (servers: unknown, client = desktop) =>
  readClientConfig(JSON.stringify({ [client.key]: servers }), client);

describe('readClientConfig', () => {
  it('reads stdio and Streamable HTTP servers as toolgate mcp starts them', () => {
    expect(
      read({
        fs: { command: 'npx', args: ['-y', 'server'], env: { A: 'b' }, cwd: '/w' },
        web: { type: 'http', url: 'https://mcp.example.com/mcp' },
        bare: { command: 'srv' },
      }),
    ).toEqual({
      ok: true,
      value: expect.anything() as unknown,
      servers: [
        {
          name: 'fs',
          kind: 'stdio',
          command: 'npx',
          args: ['-y', 'server'],
          env: { A: 'b' },
          cwd: '/w',
        },
        { name: 'web', kind: 'url', url: 'https://mcp.example.com/mcp' },
        { name: 'bare', kind: 'stdio', command: 'srv', args: [] },
      ],
    });
  });

  it.each([
    ['my server', { command: 'x' }, 'not a policy server name'],
    ['s', 'npx x', 'not an object'],
    ['s', { command: 'x', args: ['${workspaceFolder}/a'] }, 'variable the client fills in'],
    ['s', { command: 'x', env: { K: '${input:key}' } }, 'variable the client fills in'],
    ['s', { url: 'https://a.example/mcp', headers: { A: 'b' } }, 'cannot pass its headers'],
    ['s', { type: 'sse', url: 'https://a.example/sse' }, 'not "sse"'],
    ['s', { url: 'file:///x' }, 'not an http(s) URL'],
    ['s', { command: 'x', envFile: '.env' }, 'does not read its envFile'],
    ['s', { command: 'x', disabled: true }, 'does not read its disabled'],
    ['s', { type: 'ws', command: 'x' }, 'its type "ws" is not stdio'],
    ['s', { args: ['a'] }, 'it has no command'],
    ['s', { command: '' }, 'it has no command'],
    ['s', { command: 'x', args: 'a b' }, 'args are not a list of strings'],
    ['s', { command: 'x', args: [1] }, 'args are not a list of strings'],
    ['s', { command: 'x', env: { A: 1 } }, 'env is not an object of strings'],
    ['s', { command: 'x', cwd: 1 }, 'cwd is not a string'],
  ])('keeps %j %j as it is: %s', (name, entry, why) => {
    const result = read({ [name]: entry });
    expect(result.ok && result.servers).toEqual([
      { name, kind: 'kept', why: expect.stringContaining(why) as unknown },
    ]);
  });

  it('reads comments and trailing commas, and names what is not a config', () => {
    const text = '// c\n{ "servers": { /* x */ "a": { "command": "x", }, }, }\n';
    const result = readClientConfig(text, vscode);
    expect(result.ok && result.servers).toEqual([
      { name: 'a', kind: 'stdio', command: 'x', args: [] },
    ]);
    expect(readClientConfig('{\n  "mcpServers": {\n', desktop)).toEqual({
      ok: false,
      problem: expect.stringMatching(/^it is not JSON: \w+ at line 3$/) as unknown,
    });
    expect(readClientConfig('[]', desktop)).toEqual({
      ok: false,
      problem: 'it is not a JSON object',
    });
    expect(readClientConfig('{"mcpServers": []}', desktop)).toEqual({
      ok: false,
      problem: 'its "mcpServers" is not an object of servers by name',
    });
    expect(readClientConfig('{"other": 1}', desktop)).toMatchObject({ ok: true, servers: [] });
  });

  it('refuses a "__proto__" server, and pollutes nothing', () => {
    const result = readClientConfig('{"mcpServers": {"__proto__": {"command": "x"}}}', desktop);
    expect(result).toEqual({
      ok: false,
      problem: 'its "mcpServers" is not an object of servers by name',
    });
    expect(({} as Record<string, unknown>).command).toBeUndefined();
  });
});

describe('defaultConfigPath', () => {
  const where = { home: '/home/me', cwd: '/p', platform: 'linux' as const };
  it('is each client usual file', () => {
    expect(defaultConfigPath('claude-desktop', where)).toBe(
      '/home/me/.config/Claude/claude_desktop_config.json',
    );
    expect(defaultConfigPath('claude-desktop', { ...where, platform: 'darwin' })).toBe(
      '/home/me/Library/Application Support/Claude/claude_desktop_config.json',
    );
    expect(defaultConfigPath('claude-code', where)).toBe('/p/.mcp.json');
    expect(defaultConfigPath('cursor', where)).toBe('/home/me/.cursor/mcp.json');
    expect(defaultConfigPath('vscode', where)).toBe('/p/.vscode/mcp.json');
  });
});
