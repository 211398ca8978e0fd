import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { toProviderToolName } from '../../src/index.js';
import { onCleanUp, tracked } from '../helpers/scratch.js';
import { deadline } from '../helpers/testEnv.js';
import {
  CLI,
  FAKE_SERVER,
  FS_SERVER,
  ROOT,
  aWorkspace,
  firstText,
  testEnvironment,
} from './helpers.js';

/**
 * `toolgate mcp wrap` and `unwrap` on a sample config of each client
 * (test/fixtures/wrap): wrap puts the servers toolgate can start behind
 * `toolgate mcp --audit`, keeps the rest byte for byte, never prints an env
 * value; a second wrap changes nothing; unwrap restores the file byte for
 * byte; an edited config is left alone. The wrapped config, started as the
 * client starts it (from `/`), serves the tools the servers listed directly.
 */

const FIXTURES = join(ROOT, 'test/fixtures/wrap');
const SECRETS = [
  'desktop-secret-value',
  'code-secret-value',
  'code-header-secret',
  'cursor-secret-value',
  'vscode-secret-value',
];

interface Case {
  readonly client: 'claude-desktop' | 'claude-code' | 'cursor' | 'vscode';
  readonly file: string;
  readonly key: 'mcpServers' | 'servers';
  readonly wrapped: readonly string[];
  /** Each kept server, with the words of why. */
  readonly kept: Readonly<Record<string, string>>;
  readonly entry: string;
  readonly typed: boolean;
}

const CASES: readonly Case[] = [
  {
    client: 'claude-desktop',
    file: 'claude-desktop.json',
    key: 'mcpServers',
    wrapped: ['fs', 'notes'],
    kept: { down: 'could not be listed', 'my server': 'not a policy server name' },
    entry: 'toolgate',
    typed: false,
  },
  {
    client: 'claude-code',
    file: 'claude-code.json',
    key: 'mcpServers',
    wrapped: ['fs', 'notes'],
    kept: { remote: 'cannot pass its headers', home: 'variable the client fills in' },
    entry: 'toolgate',
    typed: true,
  },
  {
    client: 'cursor',
    file: 'cursor.json',
    key: 'mcpServers',
    wrapped: ['fs'],
    kept: { unreachable: 'could not be listed', toolgate: 'does not read its disabled' },
    entry: 'toolgate-2',
    typed: false,
  },
  {
    client: 'vscode',
    file: 'vscode.jsonc',
    key: 'servers',
    wrapped: ['fs', 'notes'],
    kept: { keyed: 'variable the client fills in', files: 'does not read its envFile' },
    entry: 'toolgate',
    typed: true,
  },
];

/** The fixture with this machine's paths in, written to a fresh workspace. */
function aConfig(fixture: string) {
  const workspace = aWorkspace();
  const text = readFileSync(join(FIXTURES, fixture), 'utf8')
    .replaceAll('{{FS_SERVER}}', FS_SERVER)
    .replaceAll('{{FAKE_SERVER}}', FAKE_SERVER)
    .replaceAll('{{DESCRIBE}}', workspace.describe)
    .replaceAll('{{DATA}}', workspace.data)
    .replaceAll('{{MISSING}}', join(workspace.dir, 'missing.js'));
  const config = join(workspace.dir, fixture);
  writeFileSync(config, text);
  return { workspace, config, text };
}

function toolgate(args: readonly string[], cwd: string) {
  const result = spawnSync(process.execPath, [CLI, 'mcp', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function serversOf(text: string, key: string): Record<string, unknown> {
  return (parse(text, [], { allowTrailingComma: true }) as Record<string, Record<string, unknown>>)[
    key
  ] as Record<string, unknown>;
}

/** The tools a stdio server lists, connected as a client connects (from `/`). */
async function toolsOf(command: string, args: readonly string[]): Promise<string[]> {
  const client = new Client({ name: 'wrap-test', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command,
    args: [...args],
    cwd: '/',
    stderr: 'pipe',
    env: testEnvironment(),
  });
  onCleanUp(() => client.close());
  await client.connect(transport);
  try {
    return (await client.listTools()).tools.map((tool) => tool.name).sort();
  } finally {
    await client.close();
  }
}

describe('toolgate mcp wrap and unwrap', () => {
  for (const testCase of CASES) {
    it(
      `${testCase.client}: wraps what it can start, keeps the rest byte for byte, and unwraps to the same bytes`,
      () => {
        const { workspace, config, text } = aConfig(testCase.file);
        const wrap = toolgate(['wrap', '--client', testCase.client, '--config', config], '/');
        expect(wrap.status, wrap.stderr).toBe(0);
        for (const secret of SECRETS) expect(wrap.stdout + wrap.stderr).not.toContain(secret);
        for (const [name, why] of Object.entries(testCase.kept))
          expect(wrap.stderr).toMatch(new RegExp(`${name} stays as it is: [^\n]*${why}`));

        const policy = join(workspace.dir, 'toolgate', 'policy.yaml');
        const backup = `${config}.toolgate-backup.json`;
        expect(statSync(policy).mode & 0o777).toBe(0o600);
        expect(statSync(backup).mode & 0o777).toBe(0o600);
        expect(existsSync(join(workspace.dir, 'toolgate', 'toolgate.lock'))).toBe(true);

        const wrappedText = readFileSync(config, 'utf8');
        const before = serversOf(text, testCase.key);
        const after = serversOf(wrappedText, testCase.key);
        // The wrapped servers are gone, the kept ones are exactly as they were, one entry starts toolgate.
        expect(Object.keys(after).sort()).toEqual(
          [...Object.keys(testCase.kept), testCase.entry].sort(),
        );
        for (const name of Object.keys(testCase.kept)) expect(after[name]).toEqual(before[name]);
        expect(after[testCase.entry]).toEqual({
          ...(testCase.typed ? { type: 'stdio' } : {}),
          command: process.execPath,
          args: [CLI, 'mcp', '--policy', policy, '--audit'],
        });
        // Outside the servers toolgate replaced, every byte stays: comments, unknown keys, order.
        if (testCase.client === 'vscode') {
          expect(wrappedText).toContain('// Workspace MCP servers');
          expect(wrappedText).toContain('"inputs": [');
        }
        if (testCase.client === 'claude-desktop')
          expect(wrappedText.startsWith('{\n  "globalShortcut": "Ctrl+Space",\n')).toBe(true);
        // The policy has the wrapped servers, with the env the client passed (it starts them now).
        const policyText = readFileSync(policy, 'utf8');
        for (const name of testCase.wrapped) expect(policyText).toContain(`\n  ${name}:\n`);
        for (const name of Object.keys(testCase.kept))
          expect(policyText).not.toContain(`\n  ${name}:\n`);
        expect(policyText).toContain('"FS_TOKEN":"');
        expect(wrap.stdout).toContain(`in place of ${testCase.wrapped.join(', ')}`);

        // Again: nothing changes.
        const again = toolgate(['wrap', '--client', testCase.client, '--config', config], '/');
        expect(again.status, again.stderr).toBe(0);
        expect(again.stdout).toContain('already wrapped by toolgate');
        expect(readFileSync(config, 'utf8')).toBe(wrappedText);

        const unwrap = toolgate(['unwrap', '--client', testCase.client, '--config', config], '/');
        expect(unwrap.status, unwrap.stderr).toBe(0);
        expect(readFileSync(config, 'utf8')).toBe(text);
        expect(existsSync(backup)).toBe(false);
      },
      deadline(90_000),
    );
  }

  it(
    'leaves a config edited since the wrap alone, for wrap and unwrap',
    () => {
      const { config } = aConfig('claude-desktop.json');
      expect(toolgate(['wrap', '--client', 'claude-desktop', '--config', config], '/').status).toBe(
        0,
      );
      const edited = `${readFileSync(config, 'utf8').trimEnd()}\n\n`;
      writeFileSync(config, edited);
      const wrap = toolgate(['wrap', '--client', 'claude-desktop', '--config', config], '/');
      expect(wrap.status).toBe(2);
      expect(wrap.stderr).toContain('changed since toolgate mcp wrap wrote it');
      const unwrap = toolgate(['unwrap', '--client', 'claude-desktop', '--config', config], '/');
      expect(unwrap.status).toBe(2);
      expect(unwrap.stderr).toContain('changed since toolgate mcp wrap wrote it');
      expect(readFileSync(config, 'utf8')).toBe(edited);
      expect(existsSync(`${config}.toolgate-backup.json`)).toBe(true);
    },
    deadline(60_000),
  );

  it(
    '--dry-run prints the policy and the diff with env values redacted, and writes nothing',
    () => {
      const { workspace, config, text } = aConfig('claude-code.json');
      const dry = toolgate(
        ['wrap', '--client', 'claude-code', '--config', config, '--dry-run'],
        workspace.dir,
      );
      expect(dry.status, dry.stderr).toBe(0);
      for (const secret of SECRETS) expect(dry.stdout + dry.stderr).not.toContain(secret);
      expect(dry.stdout).toContain('"FS_TOKEN":"[redacted]"');
      expect(dry.stdout).toContain('grants:\n  default:\n    tools: ["fs/');
      expect(dry.stdout).toMatch(/^-\s+"fs": \{$/m);
      expect(dry.stdout).toMatch(/^\+\s+"toolgate": \{$/m);
      expect(dry.stdout).toContain('(dry run: nothing was written)');
      expect(readFileSync(config, 'utf8')).toBe(text);
      expect(existsSync(join(workspace.dir, 'toolgate'))).toBe(false);
      expect(existsSync(`${config}.toolgate-backup.json`)).toBe(false);
    },
    deadline(60_000),
  );

  it(
    'the wrapped config, started as the client starts it, serves the tools the servers listed, and runs calls',
    async () => {
      const { workspace, config, text } = aConfig('claude-desktop.json');
      const servers = serversOf(text, 'mcpServers') as Record<
        string,
        { command: string; args: string[] }
      >;
      const direct = new Map<string, string[]>();
      for (const name of ['fs', 'notes']) {
        const server = servers[name] as { command: string; args: string[] };
        direct.set(name, await toolsOf(server.command, server.args));
      }
      expect(toolgate(['wrap', '--client', 'claude-desktop', '--config', config], '/').status).toBe(
        0,
      );
      const entry = serversOf(readFileSync(config, 'utf8'), 'mcpServers').toolgate as {
        command: string;
        args: string[];
      };
      const client = new Client({ name: 'claude-desktop-like', version: '1.0.0' });
      const transport = new StdioClientTransport({
        command: entry.command,
        args: entry.args,
        cwd: '/',
        stderr: 'pipe',
        env: testEnvironment(),
      });
      onCleanUp(() => client.close());
      await client.connect(transport);
      const served = (await client.listTools()).tools.map((tool) => tool.name).sort();
      // Every tool each server listed, under its toolgate name; the fake server's unreadable names aside.
      const expected = [
        ...(direct.get('fs') ?? []).map((name) => toProviderToolName(`fs/${name}@1`)),
        ...['note', 'crash', 'hang', 'repo_get', 'mcp_1password', 'note_text'].map((name) =>
          toProviderToolName(`notes/${name}@1`),
        ),
      ].sort();
      expect(direct.get('notes')).toContain('note');
      expect(served).toEqual(expected);
      // In audit mode a call the grant's (empty) folders would refuse still runs, recorded.
      const read = await client.callTool({
        name: toProviderToolName('fs/read_text_file@1'),
        arguments: { path: join(workspace.data, 'a.txt') },
      });
      expect(firstText(read)).toBe('hello from a\n');
      await client.close();
    },
    deadline(90_000),
  );

  it(
    'wraps a Streamable HTTP server by its url: the proxy connects to it and runs its calls',
    async () => {
      const upstream = tracked(
        spawn(process.execPath, [join(ROOT, 'test/fixtures/mcp/httpServer.js')], {
          stdio: ['pipe', 'pipe', 'inherit'],
          env: testEnvironment(),
        }),
      );
      onCleanUp(() => upstream.stdin.end());
      const url = await new Promise<string>((found, failed) => {
        upstream.stdout.once('data', (chunk: Buffer) => {
          found(chunk.toString('utf8').trim());
        });
        upstream.once('exit', () => {
          failed(new Error('the HTTP fixture exited'));
        });
      });
      const workspace = aWorkspace();
      const config = join(workspace.dir, 'mcp.json');
      const text = `${JSON.stringify({ mcpServers: { web: { type: 'http', url } } }, null, 2)}\n`;
      writeFileSync(config, text);
      const wrap = await new Promise<{ status: number | null; stderr: string }>((done) => {
        const child = spawn(
          process.execPath,
          [CLI, 'mcp', 'wrap', '--client', 'claude-code', '--config', config],
          { cwd: '/', stdio: ['ignore', 'ignore', 'pipe'] },
        );
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
        child.once('exit', (status) => {
          done({ status, stderr });
        });
      });
      expect(wrap.status, wrap.stderr).toBe(0);
      expect(readFileSync(join(workspace.dir, 'toolgate', 'policy.yaml'), 'utf8')).toContain(
        `  web:\n    url: ${JSON.stringify(url)}\n`,
      );
      const entry = serversOf(readFileSync(config, 'utf8'), 'mcpServers').toolgate as {
        command: string;
        args: string[];
      };
      const client = new Client({ name: 'claude-code-like', version: '1.0.0' });
      onCleanUp(() => client.close());
      await client.connect(
        new StdioClientTransport({
          command: entry.command,
          args: entry.args,
          cwd: '/',
          stderr: 'pipe',
          env: testEnvironment(),
        }),
      );
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
        toProviderToolName('web/echo@1'),
      ]);
      const echoed = await client.callTool({
        name: toProviderToolName('web/echo@1'),
        arguments: { message: 'hi' },
      });
      expect(firstText(echoed)).toBe('echo: hi');
      await client.close();
    },
    deadline(60_000),
  );
});
