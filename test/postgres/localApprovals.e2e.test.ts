import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aSchemaName, aTestPool, dropSchema, PG_URL } from '../helpers/postgres.js';
import { deadline } from '../helpers/testEnv.js';
import { CLI, aPolicy, aProxyClient, aUi, aWorkspace, firstText } from '../proxy/helpers.js';

/**
 * SPEC §14.6 for a fleet: pending approvals in PostgreSQL. Two `toolgate
 * mcp --approvals local` processes record to one schema; a person answers
 * from other processes: `toolgate approvals --store postgres://…` approves
 * one proxy's call, `toolgate ui --store postgres://…` denies the other's.
 */

const REASON = 'fs/write_file@1 needs an approval for these exact arguments';
const pool = aTestPool();
let schema: string;
beforeEach(() => {
  schema = aSchemaName('approve');
});
afterEach(async () => {
  await dropSchema(schema);
});
afterAll(async () => {
  await pool.end();
});

const store = () => `${PG_URL}?schema=${schema}`;

function approvals(args: readonly string[]) {
  return spawnSync(process.execPath, [CLI, 'approvals', '--store', store(), ...args], {
    encoding: 'utf8',
  });
}

/** The pending approvals' ids and refs, once there are `count`. */
async function pendingCount(
  count: number,
): Promise<{ id: string; run: string; resources: string[] }[]> {
  for (let tries = 0; tries < 200; tries++) {
    const listed = approvals(['--json']);
    expect(listed.status, listed.stderr).toBe(0);
    const lines = listed.stdout.split('\n').filter((line) => line !== '');
    if (lines.length >= count)
      return lines.map(
        (line) => JSON.parse(line) as { id: string; run: string; resources: string[] },
      );
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`fewer than ${String(count)} pending approvals appeared`);
}

/** A port nothing listens on now. */
async function aFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

describe('toolgate mcp --approvals local with PostgreSQL records', () => {
  it(
    'two proxies wait in one schema; the CLI approves one call, the page denies the other',
    async () => {
      const workspace = aWorkspace();
      const policy = aPolicy(workspace, {
        folders: [{ path: workspace.data, access: 'write' }, '!**/.env'],
        ask: ['fs/write_file@1'],
      });
      const proxy = (run: string) =>
        aProxyClient([
          '--policy',
          policy,
          '--records',
          store(),
          '--approvals',
          'local',
          '--run-id',
          run,
        ]);
      const [a, b] = await Promise.all([proxy('run-a'), proxy('run-b')]);
      const write = (client: typeof a.client, name: string) =>
        client.callTool({
          name: 'fs__write_file_v1',
          arguments: { path: join(workspace.data, name), content: `${name}\n` },
        }) as Promise<{ isError?: boolean }>;

      const approved = write(a.client, 'a.txt');
      const [first] = await pendingCount(1);
      expect(first).toMatchObject({ run: 'run-a', resources: [join(workspace.data, 'a.txt')] });
      const yes = approvals(['approve', first?.id ?? '', '--as', 'ada']);
      expect(yes.status, yes.stderr).toBe(0);
      expect(yes.stdout).toBe(`approved ${first?.id ?? ''} (fs/write_file@1) as ada\n`);
      const ran = await approved;
      expect(ran.isError, firstText(ran)).not.toBe(true);
      expect(readFileSync(join(workspace.data, 'a.txt'), 'utf8')).toBe('a.txt\n');

      // The page, on the port asked for, answering as the OS user by default.
      const port = await aFreePort();
      const url = await aUi(['--store', store(), '--port', String(port)]);
      expect(url.port).toBe(String(port));
      const denied = write(b.client, 'b.txt');
      const [second] = await pendingCount(1);
      expect(second).toMatchObject({ run: 'run-b' });
      const entry = await fetch(url, { redirect: 'manual' });
      const cookie = (entry.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const html = await (await fetch(`${url.origin}/`, { headers: { Cookie: cookie } })).text();
      expect(html).toContain(join(workspace.data, 'b.txt'));
      const csrf = /name="csrf" value="([0-9a-f]{64})"/.exec(html)?.[1] ?? '';
      const answer = await fetch(`${url.origin}/approvals/${second?.id ?? ''}/deny`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `csrf=${csrf}`,
      });
      expect(answer.status).toBe(303);
      const refused = await denied;
      expect(refused.isError).toBe(true);
      expect(firstText(refused).split('\n')[0]).toBe(REASON);
      expect(existsSync(join(workspace.data, 'b.txt'))).toBe(false);

      // Who answered what, in the store.
      const rows = await pool.query<{ run: string; status: string; answered_by: string }>(
        `SELECT run, status, answered_by FROM "${schema}".toolgate_approvals ORDER BY seq`,
      );
      expect(rows.rows).toEqual([
        { run: 'run-a', status: 'approved', answered_by: 'ada' },
        { run: 'run-b', status: 'denied', answered_by: userInfo().username },
      ]);
      expect(approvals([]).stdout).toBe('no pending approvals\n');
      await Promise.all([a.client.close(), b.client.close()]);
    },
    deadline(90_000),
  );
});
