import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mcpLock } from '../../src/cli/commands/mcpLock.js';
import type { CliIo } from '../../src/cli/io.js';
import { aTempDir } from '../helpers/scratch.js';
import { deadline } from '../helpers/testEnv.js';
import { CALL_TIMEOUT_MS, ROOT, aProxyClient } from './helpers.js';

// What the fixture server sends (test/fixtures/mcp/hostileUpstream.js), and how it must print:
// every control character as \uXXXX, so a server cannot recolour, overwrite or ring the terminal.
const HOSTILE = '\u001b[31mred\r\u0007';
const ESCAPED = '\\u001b[31mred\\u000d\\u0007';
/** Why the hostile name is not served: the name quoted as JSON, so escaped before `printable`. */
const NOT_A_NAME = `${JSON.stringify(`hostile/evil${HOSTILE}`)} is not a toolgate tool name and cannot be read as one (MCP names use letters, digits, "_", "-" and "."; a toolgate name is 1 to 4 segments of at most 128 characters in all)`;
const SERVER = join(ROOT, 'test/fixtures/mcp/hostileUpstream.js');
/** Any C0 control but newline, or DEL: what must never reach the terminal raw. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/;

/** A policy with the hostile server in `mode`, granting its `ok` tool. */
function aHostilePolicy(mode: 'names' | 'error'): { dir: string; policy: string } {
  const dir = aTempDir('hostile');
  const policy = join(dir, 'policy.yaml');
  writeFileSync(
    policy,
    JSON.stringify({
      version: 1,
      servers: { hostile: { command: process.execPath, args: [SERVER, mode] } },
      grants: { default: { tools: ['hostile/ok@1'] } },
      proxy: { callTimeoutMs: CALL_TIMEOUT_MS },
    }),
  );
  return { dir, policy };
}

/** `toolgate mcp lock` run in this process, on the disk. */
async function lockInProcess(
  args: readonly string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    readFile: (path) => readFileSync(path, 'utf8'),
    exists: (path) => existsSync(path),
    readStdin: () => '',
    stdinIsTerminal: false,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  };
  const code = await mcpLock(args, io);
  return { code, stdout, stderr };
}

/** Waits until the proxy's stderr has a line starting with `prefix`, and returns that line. */
async function lineOf(stderr: () => string, prefix: string): Promise<string> {
  const until = Date.now() + deadline(10_000);
  for (;;) {
    const line = stderr()
      .split('\n')
      .find((each) => each.startsWith(prefix));
    if (line !== undefined) return line;
    if (Date.now() > until) throw new Error(`no line ${prefix} in:\n${stderr()}`);
    await new Promise((wake) => setTimeout(wake, 25));
  }
}

describe('what a server sends is printed escaped, never raw', () => {
  it('the fixture server really sends the control characters', () => {
    // Kept in step with the fixture: a test that sent nothing hostile would prove nothing.
    expect(readFileSync(SERVER, 'utf8')).toContain(
      "export const HOSTILE = '\\u001b[31mred\\r\\u0007';",
    );
    expect(CONTROL.test(HOSTILE)).toBe(true);
  });

  it('toolgate mcp lock: a tool name with control characters, in the never-served warning', async () => {
    const { dir, policy } = aHostilePolicy('names');
    const locked = await lockInProcess(['--policy', policy, '--lock', join(dir, 'toolgate.lock')]);
    expect(locked.code).toBe(0);
    expect(CONTROL.test(locked.stderr)).toBe(false);
    expect(locked.stderr.split('\n').filter((line) => line.includes('warning:'))).toEqual([
      `toolgate mcp lock: warning: hostile/evil${ESCAPED} is never served: ${NOT_A_NAME}`,
    ]);
    expect(locked.stdout).toBe(`${join(dir, 'toolgate.lock')}: 1 tools locked\n`);
  });

  it('toolgate mcp lock: a server error with control characters, in the could-not-list error', async () => {
    const { dir, policy } = aHostilePolicy('error');
    const locked = await lockInProcess(['--policy', policy, '--lock', join(dir, 'toolgate.lock')]);
    expect(locked.code).toBe(2);
    expect(CONTROL.test(locked.stderr)).toBe(false);
    expect(locked.stderr).toBe(
      `toolgate mcp lock: the server hostile could not be listed: MCP error -32603: listing failed ${ESCAPED}\n`,
    );
  });

  it('toolgate mcp: a tool name with control characters, in the not-served line', async () => {
    const { policy } = aHostilePolicy('names');
    const { client, stderr } = await aProxyClient(['--policy', policy]);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(['hostile__ok_v1']);
    const line = await lineOf(stderr, 'toolgate mcp: hostile/evil');
    expect(line).toBe(`toolgate mcp: hostile/evil${ESCAPED} is not served: ${NOT_A_NAME}`);
    expect(CONTROL.test(stderr())).toBe(false);
  });

  it('toolgate mcp: a server error with control characters, in the server-down line', async () => {
    const { policy } = aHostilePolicy('error');
    const { client, stderr } = await aProxyClient(['--policy', policy]);
    expect((await client.listTools()).tools).toEqual([]);
    const line = await lineOf(stderr, 'toolgate mcp: server hostile is down:');
    expect(line).toBe(
      `toolgate mcp: server hostile is down: its tools/list failed: MCP error -32603: listing failed ${ESCAPED}`,
    );
    expect(CONTROL.test(stderr())).toBe(false);
  });
});
