import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { tracked } from '../helpers/scratch.js';
import { deadline } from '../helpers/testEnv.js';
import {
  CLI,
  aPolicy,
  aProxyClient,
  anHttpTransport,
  aWorkspace,
  firstText,
  httpTokenIn,
} from './helpers.js';

/** Starts `toolgate mcp --http 0` and resolves with the URL it prints. */
async function anHttpProxy(args: readonly string[]): Promise<string> {
  return (await anHttpProxyProcess(args)).url;
}

/** The status of one raw request to the proxy, with the headers given. */
function statusOf(
  url: URL,
  headers: Record<string, string>,
  body = '{}',
): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: url.port, path: '/mcp', method: 'POST', headers },
      (res) => {
        res.resume();
        resolve(res.statusCode);
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

/** Starts `toolgate mcp --http 0`: the process, and the URL it prints once it listens. */
function anHttpProxyProcess(
  args: readonly string[],
): Promise<{ readonly child: ChildProcess; readonly url: string }> {
  const child = tracked(
    spawn(process.execPath, [CLI, 'mcp', '--http', '0', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
  return new Promise((resolve, reject) => {
    let text = '';
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const url = /serving (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(text)?.[1];
      if (url !== undefined) resolve({ child, url });
    });
    child.once('exit', () => {
      reject(new Error(`the proxy exited: ${text}`));
    });
  });
}

describe('toolgate mcp --http', () => {
  it(
    '(rev 3) serves two concurrent sessions as one run, each turn naming its session',
    async () => {
      const workspace = aWorkspace();
      const url = await anHttpProxy([
        '--policy',
        aPolicy(workspace),
        '--run-id',
        'web',
        '--records',
        `jsonl:${join(workspace.dir, 'records.jsonl')}`,
      ]);
      const connect = async () => {
        const client = new Client({ name: 'agent', version: '1.0.0' });
        await client.connect(anHttpTransport(url, httpTokenIn(workspace.dir)));
        return client;
      };
      const [one, two] = await Promise.all([connect(), connect()]);
      const read = (client: Client, text: string) =>
        client.callTool({ name: 'fake__note_v1', arguments: { text } });
      const results = await Promise.all([read(one, 'one'), read(two, 'two'), read(one, 'again')]);
      expect(results.map(firstText)).toEqual(['noted: one', 'noted: two', 'noted: again']);
      expect((await two.listTools()).tools.map((tool) => tool.name)).toContain('fake__note_v1');
      const lines = readFileSync(join(workspace.dir, 'records.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map(
          (line) =>
            JSON.parse(line) as { run: string; type: string; record?: { session?: string } },
        );
      expect([...new Set(lines.map((line) => line.run))]).toEqual(['web']);
      const sessions = new Set(
        lines.filter((line) => line.type === 'turn').map((line) => line.record?.session),
      );
      expect(sessions.size).toBe(2);
      expect([...sessions].every((session) => typeof session === 'string')).toBe(true);
      await Promise.all([one.close(), two.close()]);
    },
    deadline(60_000),
  );

  it(
    '(rev 3) a client that reconnects spends the same budget: 3 writes under toolCalls: 1 run once',
    async () => {
      const workspace = aWorkspace();
      const url = await anHttpProxy([
        '--policy',
        aPolicy(workspace, {
          folders: [{ path: workspace.data, access: 'write' }],
          budgets: { toolCalls: 1 },
        }),
      ]);
      const token = httpTokenIn(workspace.dir);
      const results: boolean[] = [];
      for (const name of ['one.txt', 'two.txt', 'three.txt']) {
        // A new session each time, as a client that reconnects.
        const client = new Client({ name: 'agent', version: '1.0.0' });
        await client.connect(anHttpTransport(url, token));
        const result = await client.callTool({
          name: 'fs__write_file_v1',
          arguments: { path: join(workspace.data, name), content: 'x' },
        });
        results.push(result.isError !== true);
        await client.close();
      }
      expect(results).toEqual([true, false, false]);
      expect(existsSync(join(workspace.data, 'two.txt'))).toBe(false);
      expect(existsSync(join(workspace.data, 'three.txt'))).toBe(false);
    },
    deadline(60_000),
  );

  it(
    'refuses a request whose Host is not the loopback address it serves',
    async () => {
      const workspace = aWorkspace();
      const url = new URL(await anHttpProxy(['--policy', aPolicy(workspace)]));
      // fetch will not send another Host; node:http will.
      const token = httpTokenIn(workspace.dir);
      const status = await statusOf(url, {
        host: 'evil.example',
        authorization: `Bearer ${token}`,
      });
      expect(status).toBe(403);
    },
    deadline(60_000),
  );

  it(
    '(rev 3) serves no request without the bearer token from the file it wrote, 0600',
    async () => {
      const workspace = aWorkspace();
      const records = join(workspace.dir, 'records.jsonl');
      const url = new URL(
        await anHttpProxy(['--policy', aPolicy(workspace), '--records', `jsonl:${records}`]),
      );
      const tokenFile = join(workspace.dir, 'toolgate-http.token');
      expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
      const token = httpTokenIn(workspace.dir);
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      const host = `127.0.0.1:${url.port}`;
      const initialize = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'intruder', version: '1' },
        },
      });
      const json = {
        host,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      };
      expect(await statusOf(url, json, initialize)).toBe(401);
      expect(await statusOf(url, { ...json, authorization: 'Bearer nope' }, initialize)).toBe(401);
      expect(
        await statusOf(url, { ...json, authorization: `Bearer ${token.slice(1)}x` }, initialize),
      ).toBe(401);
      // A web page's Origin is refused even with the token.
      expect(
        await statusOf(
          url,
          { ...json, authorization: `Bearer ${token}`, origin: 'http://evil.example' },
          initialize,
        ),
      ).toBe(403);
      // The MCP SDK client without the token cannot start a session, and so runs nothing.
      const stranger = new Client({ name: 'intruder', version: '1.0.0' });
      await expect(
        stranger.connect(new StreamableHTTPClientTransport(new URL(url))),
      ).rejects.toThrow();
      expect(existsSync(records) ? readFileSync(records, 'utf8') : '').toBe('');
      // With it, a session starts.
      expect(await statusOf(url, { ...json, authorization: `Bearer ${token}` }, initialize)).toBe(
        200,
      );
    },
    deadline(60_000),
  );
});

describe('toolgate mcp --http stopping', () => {
  it(
    'exits on SIGTERM with a session open, and stops listening',
    async () => {
      const workspace = aWorkspace();
      const { child, url } = await anHttpProxyProcess(['--policy', aPolicy(workspace)]);
      const client = new Client({ name: 'agent', version: '1.0.0' });
      await client.connect(anHttpTransport(url, httpTokenIn(workspace.dir)));
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      const exited = new Promise<number | null>((resolve) => {
        child.once('exit', resolve);
      });
      const late = new Promise<string>((resolve) => {
        setTimeout(() => {
          resolve('still running');
        }, deadline(10_000)).unref();
      });
      child.kill('SIGTERM');
      // It used to close the proxy but keep the HTTP server, and so listen on forever.
      expect(await Promise.race([exited, late])).toBe(0);
      await expect(fetch(url, { method: 'POST', body: '{}' })).rejects.toThrow();
      await client.close().catch(() => undefined);
    },
    deadline(60_000),
  );
});

describe('toolgate mcp --audit', () => {
  it(
    'lets a refused call through and records what would have been refused',
    async () => {
      const workspace = aWorkspace();
      const records = join(workspace.dir, 'audit.jsonl');
      const { client } = await aProxyClient([
        '--policy',
        aPolicy(workspace),
        '--audit',
        '--records',
        `jsonl:${records}`,
      ]);
      const path = join(workspace.data, 'b.txt');
      try {
        const result = await client.callTool({
          name: 'fs__write_file_v1',
          arguments: { path, content: 'written in audit mode' },
        });
        expect(result.isError).not.toBe(true);
        expect(readFileSync(path, 'utf8')).toBe('written in audit mode');
        // (rev 3) Every served tool is listed, the ungranted list_directory too, and let through.
        const names = (await client.listTools()).tools.map((tool) => tool.name);
        expect(names).toContain('fs__list_directory_v1');
        const listing = await client.callTool({
          name: 'fs__list_directory_v1',
          arguments: { path: workspace.data },
        });
        expect(listing.isError).not.toBe(true);
        expect(firstText(listing)).toContain('a.txt');
        // A name the proxy does not serve is still refused.
        const unknown = await client.callTool({ name: 'nope__x_v1', arguments: {} });
        expect(unknown.isError).toBe(true);
      } finally {
        await client.close();
      }
      const lines = readFileSync(records, 'utf8')
        .trim()
        .split('\n')
        .map(
          (line) =>
            JSON.parse(line) as {
              type: string;
              dispatch?: unknown;
              record?: Record<string, unknown>;
            },
        );
      expect(lines.map((line) => line.type)).toEqual([
        'turn',
        'dispatch',
        'fire',
        'turn',
        'dispatch',
        'fire',
        'turn',
      ]);
      // Each call let through carries, in its dispatch record, the refusal enforcing would have given.
      const digest = expect.stringMatching(/^sha256:[0-9a-f]{64}$/) as unknown;
      // Each names its turn's session (the one session of this proxy).
      const session = lines.find((line) => line.type === 'turn')?.record?.session;
      expect(session).toMatch(/^s1-[0-9a-f]{8}$/);
      expect(lines.filter((line) => line.type === 'dispatch').map((line) => line.dispatch)).toEqual(
        [
          {
            callIndex: 0,
            ref: 'fs/write_file@1',
            session,
            allowed: true,
            wouldRefuse: {
              check: 'dispatch.folder',
              code: 'folder_out_of_scope',
              reason: `the path ${path} is outside the granted folder scope`,
              ref: 'fs/write_file@1',
              details: [{ pointer: '/path', message: 'no granted folder allows writing here' }],
            },
            audit: true,
            digest,
          },
          {
            callIndex: 0,
            ref: 'fs/list_directory@1',
            session,
            allowed: true,
            wouldRefuse: {
              check: 'dispatch.grant',
              code: 'not_granted',
              reason:
                'the proposed tool fs/list_directory@1 is not granted to this run or is no longer registered',
              ref: 'fs/list_directory@1',
            },
            audit: true,
            digest,
          },
        ],
      );
      // The turns: the write's passes the proposal stage; list_directory's would have been rejected;
      // the unserved name is refused even in audit mode.
      const turns = lines
        .filter((line) => line.type === 'turn')
        .map((line) => {
          const { settled, wouldRefuse, wouldSettle, audit, refusal } = line.record ?? {};
          return {
            settled,
            wouldRefuse,
            wouldSettle,
            audit,
            code: (refusal as { code?: unknown } | undefined)?.code,
          };
        });
      expect(turns).toEqual([
        { settled: 'tool', audit: true },
        {
          settled: 'tool',
          wouldRefuse: {
            check: 'proposal.granted',
            code: 'not_granted',
            reason:
              'the proposed tool fs/list_directory@1 is not granted to this run or is no longer registered',
            callIndex: 0,
            ref: 'fs/list_directory@1',
          },
          wouldSettle: 'rejected',
          audit: true,
        },
        { settled: 'rejected', audit: true, code: 'not_granted' },
      ]);
    },
    deadline(60_000),
  );
});
