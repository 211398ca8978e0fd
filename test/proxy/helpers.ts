import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { builtCli } from '../helpers/freshDist.js';
import { RUN_MARKER } from '../helpers/processes.js';
import { aTempDir, onCleanUp, tracked } from '../helpers/scratch.js';
import { deadline } from '../helpers/testEnv.js';

export const ROOT = resolve(import.meta.dirname, '../..');
/**
 * The built CLI: `npm test` builds it first (`npx tsup --silent` when running a file alone).
 * Importing these helpers fails when it is older than `src/` (test/helpers/freshDist.ts).
 */
export const CLI = builtCli(ROOT);
export const FS_SERVER = join(
  ROOT,
  'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js',
);
export const FAKE_SERVER = join(ROOT, 'test/fixtures/mcp/fakeUpstream.js');

/** The proxy's call deadline in the test policies: a hung call is cut off after it. */
export const CALL_TIMEOUT_MS = deadline(3000);

/**
 * A scratch folder: `data/` (granted, with `a.txt`, a `.env`, and `link.txt`
 * pointing at `secret.txt` outside it) and the fake server's description file.
 */
export function aWorkspace(): { dir: string; data: string; describe: string } {
  const dir = realpathSync(aTempDir('proxy'));
  const data = join(dir, 'data');
  mkdirSync(data);
  writeFileSync(join(data, 'a.txt'), 'hello from a\n');
  writeFileSync(join(data, '.env'), 'TOKEN=never-read\n');
  writeFileSync(join(dir, 'secret.txt'), 'the secret outside\n');
  symlinkSync(join(dir, 'secret.txt'), join(data, 'link.txt'));
  const describe = join(dir, 'description.txt');
  writeFileSync(describe, 'Takes a note.');
  return { dir, data, describe };
}

/** A policy fronting the real filesystem server (`fs`) and the fake one (`fake`), as JSON (which YAML reads). */
export function aPolicy(
  workspace: { dir: string; data: string; describe: string },
  grant: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
): string {
  const file = join(workspace.dir, 'policy.yaml');
  const policy = {
    version: 1,
    servers: {
      fs: {
        command: process.execPath,
        args: [FS_SERVER, workspace.data],
        tools: {
          read_text_file: { resources: [{ kind: 'path', at: '/path', access: 'read' }] },
          write_file: { resources: [{ kind: 'path', at: '/path', access: 'write' }] },
          list_directory: { resources: [{ kind: 'path', at: '/path', access: 'read' }] },
        },
      },
      fake: { command: process.execPath, args: [FAKE_SERVER, workspace.describe] },
    },
    grants: {
      default: {
        tools: [
          'fs/read_text_file@1',
          'fs/write_file@1',
          'fake/note@1',
          'fake/crash@1',
          'fake/hang@1',
        ],
        folders: [{ path: workspace.data, access: 'read' }, '!**/.env'],
        ...grant,
      },
    },
    proxy: { callTimeoutMs: CALL_TIMEOUT_MS },
    ...extra,
  };
  writeFileSync(file, JSON.stringify(policy, null, 2));
  return file;
}

/**
 * Starts `toolgate mcp` as a child process and connects an MCP client to it
 * over stdio; `prepare` sets the client's handlers (elicitation) before it connects.
 */
export async function aProxyClient(
  args: readonly string[],
  capabilities: Record<string, unknown> = {},
  prepare: (client: Client) => void = () => undefined,
): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', ...args],
    stderr: 'pipe',
    env: testEnvironment(),
  });
  let text = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  const client = new Client({ name: 'agent', version: '1.0.0' }, { capabilities });
  prepare(client);
  // Closed after the file even when the test fails before its own close.
  onCleanUp(() => client.close());
  await client.connect(transport);
  return { client, stderr: () => text };
}

/** The text of an MCP tool result's first item. */
export function firstText(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content[0]?.text ?? '';
}

/** The token `toolgate mcp --http` wrote beside the policy in `dir` (SPEC §14.4). */
export function httpTokenIn(dir: string): string {
  return readFileSync(join(dir, 'toolgate-http.token'), 'utf8').trim();
}

/** A Streamable HTTP client transport that sends the proxy's bearer token. */
export function anHttpTransport(url: string, token: string): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
}

/** The first line of a refused call's text: the §7 reason (SPEC §14.4); the facts follow it. */
export function reasonOf(result: unknown): string {
  return firstText(result).split('\n')[0] ?? '';
}

/** The lines after the reason: why, in words the model can act on. */
export function factsOf(result: unknown): string[] {
  return firstText(result).split('\n').slice(1);
}

/**
 * The SDK's safe default environment for a spawned server, plus this test run's
 * marker, so the suite's check finds the process if it outlives the test.
 */
export function testEnvironment(): Record<string, string> {
  const marker = process.env[RUN_MARKER];
  return { ...getDefaultEnvironment(), ...(marker === undefined ? {} : { [RUN_MARKER]: marker }) };
}

/** Starts `toolgate ui ARGS` (a free port unless ARGS name one); resolves the URL it prints, with its token. */
export async function aUi(args: readonly string[]): Promise<URL> {
  const child = tracked(
    spawn(process.execPath, [CLI, 'ui', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: testEnvironment(),
    }),
  );
  onCleanUp(() => child.kill('SIGTERM'));
  const printed = await new Promise<string>((found, failed) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = /open (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64})/.exec(out);
      if (match?.[1] !== undefined) found(match[1]);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
    });
    child.once('exit', (code) => {
      failed(new Error(`toolgate ui exited with ${String(code)}: ${err}`));
    });
  });
  return new URL(printed);
}
