import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { onCleanUp } from '../helpers/scratch.js';
import { deadline } from '../helpers/testEnv.js';
import { CLI, aPolicy, aWorkspace, testEnvironment } from './helpers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The store's rows: each turn's path argument by turn index, and the kinds of row per turn. */
function readStore(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db
      .prepare('SELECT type, turn, allowed, record FROM toolgate_records ORDER BY seq')
      .all() as { type: string; turn: number; allowed: number | null; record: string }[];
    const pathOf = new Map<number, string>();
    for (const row of rows)
      if (row.type === 'turn') {
        const record = JSON.parse(row.record) as { calls?: { arguments: { path: string } }[] };
        const path = record.calls?.[0]?.arguments.path;
        if (path !== undefined) pathOf.set(row.turn, path);
      }
    const kinds = (type: string) =>
      new Set(
        rows
          .filter((row) => row.type === type && (type !== 'dispatch' || row.allowed === 1))
          .map((row) => pathOf.get(row.turn)),
      );
    return { dispatched: kinds('dispatch'), ended: kinds('fire') };
  } finally {
    db.close();
  }
}

describe('toolgate mcp killed (SIGKILL) with its default SQLite store', () => {
  it(
    'has the dispatch row of every call the filesystem server ran, and the end of every call answered before the last',
    { timeout: deadline(30_000) },
    async () => {
      const workspace = aWorkspace();
      const policy = aPolicy(workspace, { folders: [{ path: workspace.data, access: 'write' }] });
      const store = join(workspace.dir, 'records.db');
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [CLI, 'mcp', '--policy', policy, '--records', `sqlite:${store}`],
        stderr: 'ignore',
        env: testEnvironment(),
      });
      const client = new Client({ name: 'agent', version: '1.0.0' });
      onCleanUp(() => client.close());
      await client.connect(transport);
      const write = (name: string) =>
        client.callTool({
          name: 'fs__write_file_v1',
          arguments: { path: join(workspace.data, name), content: name },
        });
      // Answered one after another: each call's end is committed with the next call's records.
      for (const name of ['w0', 'w1', 'w2', 'w3']) expect((await write(name)).isError).toBeFalsy();
      // Then 64 at once, and the proxy killed while they run: once the server wrote a few.
      const pending = Array.from({ length: 64 }, (_, index) =>
        write(`c${String(index)}`).catch(() => undefined),
      );
      const started = (): number =>
        readdirSync(workspace.data).filter((name) => name.startsWith('c')).length;
      while (started() < 3) await sleep(1);
      const pid = transport.pid;
      if (pid === null) throw new Error('the proxy has no pid');
      process.kill(pid, 'SIGKILL');
      await Promise.all(pending);
      // The server, orphaned, ends once its input closes; give what it was sent time to land.
      await sleep(deadline(500));

      const { dispatched, ended } = readStore(store);
      const written = readdirSync(workspace.data).filter((name) => /^[wc]\d+$/.test(name));
      // Every file the server wrote was dispatched first, and that dispatch row survived the kill.
      expect(written.length).toBeGreaterThanOrEqual(4);
      for (const name of written) expect(dispatched).toContain(join(workspace.data, name));
      for (const name of ['w0', 'w1', 'w2']) expect(ended).toContain(join(workspace.data, name));
      expect(existsSync(store)).toBe(true);
    },
  );
});
