import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { approvals } from '../../src/cli/commands/approvals.js';
import { ui } from '../../src/cli/commands/ui.js';
import { createSqliteApprovals } from '../../src/sqlite/createSqliteApprovals.js';
import { A_CALL } from '../approvals/approvalQueueContract.js';
import { aMemoryIo } from '../helpers/memoryIo.js';
import { aTempDir } from '../helpers/scratch.js';

/** `toolgate approvals` and `toolgate ui` in this process: their answers, codes and refusals. */

let dir: string;
let store: string;
beforeEach(() => {
  dir = aTempDir('approvals-cli');
  store = `sqlite:${join(dir, 'records.db')}`;
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function aPending(): Promise<string> {
  const queue = createSqliteApprovals(join(dir, 'records.db'));
  const { id } = await queue.add(A_CALL);
  await queue.close();
  return id;
}

describe('toolgate approvals', () => {
  it('lists the pending approvals as a table, and as one JSON line each with the arguments parsed', async () => {
    const id = await aPending();
    const table = aMemoryIo();
    expect(await approvals(['--store', store], table)).toBe(0);
    const [head, row, args, hint] = table.out().split('\n');
    expect(head?.split(/\s+/)).toEqual(['ID', 'AGE', 'RUN', 'REF', 'RESOURCES']);
    expect(row?.split(/\s+/)).toEqual([
      id,
      expect.stringMatching(/^\d+s$/),
      'r1',
      'fs/write_file@1',
      '/d/b.txt',
    ]);
    expect(args).toBe(`${id} arguments: {"path":"/d/b.txt"}`);
    expect(hint).toBe(
      'approve one: toolgate approvals approve ID; refuse it: toolgate approvals deny ID',
    );
    const json = aMemoryIo();
    expect(await approvals(['--store', store, '--json'], json)).toBe(0);
    expect(JSON.parse(json.out())).toMatchObject({ id, arguments: { path: '/d/b.txt' } });
  });

  it('answers once: approve, then any answer to the ended approval or an unknown id is exit 2', async () => {
    const id = await aPending();
    const io = aMemoryIo();
    expect(await approvals(['approve', id, '--store', store, '--as', 'ada'], io)).toBe(0);
    expect(io.out()).toBe(`approved ${id} (fs/write_file@1) as ada\n`);
    const again = aMemoryIo();
    expect(await approvals(['deny', id, '--store', store], again)).toBe(2);
    expect(again.err()).toBe(
      `toolgate approvals: the approval ${id} ended already (approved); nothing changed\n`,
    );
    const unknown = aMemoryIo();
    expect(await approvals(['deny', '000000000000', '--store', store], unknown)).toBe(2);
    expect(unknown.err()).toBe(
      `toolgate approvals: no approval 000000000000 in sqlite:${join(dir, 'records.db')}; toolgate approvals lists the pending ones\n`,
    );
    const empty = aMemoryIo();
    expect(await approvals(['--store', store], empty)).toBe(0);
    expect(empty.out()).toBe('no pending approvals\n');
  });

  it('refuses a store that cannot hold approvals, a missing store and a bad verb, each naming what to do', async () => {
    const cases: [string[], string][] = [
      [
        ['--store', `jsonl:${join(dir, 'r.jsonl')}`],
        `pending approvals are kept in a SQLite or PostgreSQL record store (sqlite:PATH or postgres://…); a JSONL file (${join(dir, 'r.jsonl')}) cannot hold them`,
      ],
      [
        [],
        'name the store: --store sqlite:PATH or postgres://…, or --policy FILE for the store toolgate mcp --policy FILE writes beside it',
      ],
      [['maybe', '--store', store], 'unknown "maybe": toolgate approvals [approve ID | deny ID]'],
      [['approve', '--store', store], 'name one approval: toolgate approvals approve ID'],
    ];
    for (const [args, problem] of cases) {
      const io = aMemoryIo();
      expect(await approvals(args, io), args.join(' ')).toBe(2);
      expect(io.err()).toBe(`toolgate approvals: ${problem} (see toolgate approvals --help)\n`);
    }
  });

  it('refuses a PostgreSQL store it cannot reach with exit 2 and why', async () => {
    const io = aMemoryIo();
    expect(await approvals(['--store', 'postgres://postgres@127.0.0.1:1/test'], io)).toBe(2);
    expect(io.err()).toMatch(
      /^toolgate approvals: the pending approvals in PostgreSQL cannot be used: .+; check the connection string/,
    );
  });
});

describe('toolgate ui', () => {
  it('refuses a bad port and a JSONL store before serving anything', async () => {
    for (const port of ['-1', '65536', 'http', '1.5']) {
      const io = aMemoryIo();
      expect(await ui(['--store', store, `--port=${port}`], io)).toBe(2);
      expect(io.err()).toBe(
        `toolgate ui: --port takes a port number, not ${JSON.stringify(port)} (see toolgate ui --help)\n`,
      );
    }
    const io = aMemoryIo();
    expect(await ui(['--store', `jsonl:${join(dir, 'r.jsonl')}`], io)).toBe(2);
    expect(io.err()).toContain('a JSONL file');
    expect(io.out()).toBe('');
  });
});
