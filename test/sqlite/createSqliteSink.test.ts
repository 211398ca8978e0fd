import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthorizedCall, TurnRecord } from '../../src/index.js';
import { createSqliteSink } from '../../src/sqlite/index.js';
import {
  ANSWER_TURN,
  SEARCH_TURN,
  UNGRANTED_TURN,
  aCall,
  aRun,
  callsTurn,
} from '../helpers/runBuilders.js';
import { aTempDir, tracked } from '../helpers/scratch.js';
import { deadline } from '../helpers/testEnv.js';

let dir: string;
beforeEach(() => {
  dir = aTempDir('sqlite');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function callsOf(record: TurnRecord): readonly AuthorizedCall[] {
  if (record.calls === undefined)
    throw new Error(`expected a tool turn: ${JSON.stringify(record)}`);
  return record.calls;
}

/** Every row of the file, read through a connection of its own. */
function rowsOf(file: string): Record<string, unknown>[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT * FROM toolgate_records ORDER BY seq').all() as Record<
      string,
      unknown
    >[];
  } finally {
    db.close();
  }
}

const ROOT = resolve(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs');
const SINK = join(ROOT, 'src', 'sqlite', 'index.ts');
const SQLITE = createRequire(join(ROOT, 'package.json')).resolve('better-sqlite3');

describe('createSqliteSink', () => {
  it('stores a row per turn and per dispatch, with the columns the queries filter on', () => {
    const file = join(dir, 'records.db');
    const sink = createSqliteSink(file);
    const { run } = aRun({ run: { sink, id: 'run-1' } });
    const [call] = callsOf(run.propose(SEARCH_TURN));
    run.dispatch(call);
    run.propose(UNGRANTED_TURN);
    run.propose(ANSWER_TURN);
    sink.close();
    const rows = rowsOf(file);
    expect(
      rows.map((row) => [
        row.run,
        row.type,
        row.turn,
        row.call,
        row.settled,
        row.allowed,
        row.check,
        row.code,
        row.ref,
        row.refs,
        row.audit,
      ]),
    ).toEqual([
      ['run-1', 'turn', 0, null, 'tool', null, null, null, null, ' search@1 ', 0],
      ['run-1', 'dispatch', 0, 0, null, 1, null, null, 'search@1', ' search@1 ', 0],
      [
        'run-1',
        'turn',
        1,
        null,
        'rejected',
        null,
        'proposal.granted',
        'not_granted',
        'web-search@2',
        ' web-search@2 ',
        0,
      ],
      ['run-1', 'turn', 2, null, 'answer', null, null, null, null, ' ', 0],
    ]);
    expect(JSON.parse(String(rows[0]?.record))).toEqual(
      JSON.parse(JSON.stringify(run.records()[0] && { ...run.records()[0], dispatches: [] })),
    );
    for (const row of rows)
      expect(String(row.at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('has the dispatch row committed, for any other reader, before dispatch returns', () => {
    const file = join(dir, 'records.db');
    const sink = createSqliteSink(file);
    const { run } = aRun({ run: { sink, id: 'r' } });
    const [call] = callsOf(run.propose(SEARCH_TURN));
    expect(run.dispatch(call).allowed).toBe(true);
    // The sink is still open: a second connection sees the committed row.
    expect(rowsOf(file).map((row) => row.type)).toEqual(['turn', 'dispatch']);
    sink.close();
  });

  it('stores the redacted record: granted secret names become [redacted]', () => {
    const file = join(dir, 'records.db');
    const sink = createSqliteSink(file);
    const { run } = aRun({ run: { sink } });
    run.propose(callsTurn(aCall('vault/use', { secret: 'APP_KEY' })));
    sink.close();
    const [row] = rowsOf(file);
    expect(row?.run).toBeNull();
    expect(String(row?.record)).not.toContain('APP_KEY');
    const record = JSON.parse(String(row?.record)) as TurnRecord;
    expect(record.calls?.[0]?.arguments).toEqual({ secret: '[redacted]' });
  });

  it('migrates once: opening the file again keeps its rows and its single schema version', () => {
    const file = join(dir, 'records.db');
    const first = createSqliteSink(file);
    aRun({ run: { sink: first } }).run.propose(ANSWER_TURN);
    first.close();
    const second = createSqliteSink(file);
    aRun({ run: { sink: second } }).run.propose(ANSWER_TURN);
    second.close();
    expect(rowsOf(file)).toHaveLength(2);
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT version FROM toolgate_migrations').all()).toEqual([{ version: 1 }]);
    expect(
      db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'toolgate%' ORDER BY name",
        )
        .all(),
    ).toEqual([
      { name: 'toolgate_records_at' },
      { name: 'toolgate_records_code' },
      { name: 'toolgate_records_ref' },
      { name: 'toolgate_records_run' },
    ]);
    db.close();
  });

  it(
    'lets four processes create and migrate one new file at the same time',
    async () => {
      const file = join(dir, 'records.db');
      const script = `import { createSqliteSink } from ${JSON.stringify(SINK)};
const sink = createSqliteSink(process.argv[2]);
sink.write({ type: 'dispatch', run: 'p' + process.pid, turn: 0, dispatch: { callIndex: 0, ref: 'search@1', allowed: true } });
sink.close();`;
      const path = join(dir, 'open.mts');
      writeFileSync(path, script);
      const codes = await Promise.all(
        [1, 2, 3, 4].map(
          () =>
            new Promise<number | null>((resolve) => {
              const child = tracked(
                spawn(process.execPath, ['--import', TSX, path, file], {
                  stdio: ['ignore', 'ignore', 'inherit'],
                }),
              );
              child.on('exit', resolve);
            }),
        ),
      );
      expect(codes).toEqual([0, 0, 0, 0]);
      expect(new Set(rowsOf(file).map((row) => row.run)).size).toBe(4);
      const db = new Database(file, { readonly: true });
      expect(db.prepare('SELECT version FROM toolgate_migrations').all()).toEqual([{ version: 1 }]);
      db.close();
    },
    deadline(20_000),
  );

  it('takes either durability, writing the same rows, and refuses any other', () => {
    for (const durability of ['process', 'power'] as const) {
      const file = join(dir, `${durability}.db`);
      const sink = createSqliteSink(file, { durability });
      const { run } = aRun({ run: { sink, id: durability } });
      run.dispatch(callsOf(run.propose(SEARCH_TURN))[0]);
      sink.close();
      expect(rowsOf(file).map((row) => [row.run, row.type])).toEqual([
        [durability, 'turn'],
        [durability, 'dispatch'],
      ]);
    }
    expect(() =>
      createSqliteSink(join(dir, 'x.db'), { durability: 'full' as unknown as 'power' }),
    ).toThrow(
      `durability must be 'process' (survives a crash of the process) or 'power' (an fsync per commit), not "full"`,
    );
  });

  it('refuses, at creation, a file that is not a database', () => {
    const file = join(dir, 'notes.txt');
    writeFileSync(
      file,
      'these are not records, and this file is long enough to have a header\n'.repeat(10),
    );
    expect(() => createSqliteSink(file)).toThrow(
      /SQLite record store .*notes\.txt cannot be written/,
    );
  });

  it(
    'refuses, at creation, a file the process may only read',
    () => {
      const file = join(dir, 'records.db');
      createSqliteSink(file).close();
      // The script loads everything it needs first, then (as root, whom file modes do not
      // bind) becomes nobody: no module is read as nobody, so this holds wherever the clone
      // sits, even under a folder only its owner may enter.
      const script = `import Database from ${JSON.stringify(SQLITE)};
import { createSqliteSink } from ${JSON.stringify(SINK)};
new Database(':memory:').close();
if (process.getuid() === 0) { process.setgroups([]); process.setgid(65534); process.setuid(65534); }
try { createSqliteSink(process.argv[2]); console.log('opened'); } catch (error) { console.log(error.code + ': ' + error.message); }`;
      const path = join(dir, 'open-read-only.mts');
      writeFileSync(path, script);
      chmodSync(file, 0o444);
      chmodSync(dir, 0o555);
      const result = spawnSync(process.execPath, ['--import', TSX, path, file], {
        encoding: 'utf8',
        cwd: ROOT,
        timeout: deadline(20_000),
      });
      chmodSync(dir, 0o755);
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(
        /^invalid_option: the SQLite record store .*records\.db cannot (be written|be opened): .*readonly/,
      );
    },
    deadline(20_000),
  );

  describe('copies its write-ahead log into the database file', () => {
    /** The rows of run `run` that the database file alone holds, without its log (a copy of it). */
    function rowsInFile(file: string, run: string): number {
      const copy = `${file}.copy`;
      copyFileSync(file, copy);
      const db = new Database(copy);
      try {
        return (
          db.prepare('SELECT count(*) AS n FROM toolgate_records WHERE run = ?').get(run) as {
            n: number;
          }
        ).n;
      } finally {
        db.close();
        rmSync(copy, { force: true });
      }
    }
    const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
    /** Dispatches `turns` turns of one call each on run `id`, through `sink`. */
    function record(sink: ReturnType<typeof createSqliteSink>, id: string, turns: number) {
      const { run } = aRun({ run: { sink, id } });
      for (let turn = 0; turn < turns; turn += 1)
        run.dispatch(callsOf(run.propose(SEARCH_TURN))[0]);
    }

    it('after a pause that follows a write, not before, and not when turned off', async () => {
      const file = join(dir, 'idle.db');
      const off = join(dir, 'off.db');
      const sink = createSqliteSink(file, { idleCheckpointMs: 100, checkpointPages: 0 });
      const never = createSqliteSink(off, { idleCheckpointMs: 0, checkpointPages: 0 });
      await sleep(300); // the copy armed at creation (the migration's rows) has run
      record(sink, 'r', 3);
      record(never, 'r', 3);
      expect(rowsInFile(file, 'r')).toBe(0);
      await sleep(400);
      expect(rowsInFile(file, 'r')).toBe(6);
      // The timer runs again after the next pause.
      record(sink, 'r', 1);
      expect(rowsInFile(file, 'r')).toBe(6);
      await sleep(400);
      expect(rowsInFile(file, 'r')).toBe(8);
      expect(() => rowsInFile(off, 'r')).toThrow('no such table');
      sink.close();
      never.close();
      // close copies everything (SQLite's last connection checkpoints and removes the log).
      expect(rowsInFile(off, 'r')).toBe(6);
    });

    it('once the log holds checkpointPages pages, during the write; by default after 4000', () => {
      const small = createSqliteSink(join(dir, 'small.db'), {
        checkpointPages: 20,
        idleCheckpointMs: 0,
      });
      const byDefault = createSqliteSink(join(dir, 'default.db'), { idleCheckpointMs: 0 });
      // About seven pages a row here: 150 turns are some 2,100 pages, past SQLite's own 1000.
      record(small, 'r', 150);
      record(byDefault, 'r', 150);
      expect(rowsInFile(join(dir, 'small.db'), 'r')).toBeGreaterThan(250);
      // Nothing copied yet: not even the table the migration created.
      expect(() => rowsInFile(join(dir, 'default.db'), 'r')).toThrow('no such table');
      small.close();
      byDefault.close();
    });

    it(
      'never keeps the process alive: a script that leaves its sink open ends',
      () => {
        // An idle copy ten minutes away: were its timer referenced, the script would wait for it.
        const script = `import { createSqliteSink } from ${JSON.stringify(SINK)};
const sink = createSqliteSink(process.argv[2], { idleCheckpointMs: 600_000 });
sink.writeMany([]);
console.log('written');`;
        const path = join(dir, 'left-open.mts');
        writeFileSync(path, script);
        const result = spawnSync(process.execPath, ['--import', TSX, path, join(dir, 'open.db')], {
          encoding: 'utf8',
          cwd: ROOT,
          timeout: deadline(20_000),
        });
        expect(result.signal).toBeNull();
        expect(result.stdout).toBe('written\n');
        expect(result.status).toBe(0);
      },
      deadline(20_000),
    );

    it('refuses a count that is not a whole number of 0 or more, naming the option', () => {
      for (const [options, message] of [
        [
          { checkpointPages: -1 },
          'checkpointPages must be a whole number of pages of log, 0 or more, not -1',
        ],
        [
          { checkpointPages: 1.5 },
          'checkpointPages must be a whole number of pages of log, 0 or more, not 1.5',
        ],
        [
          { idleCheckpointMs: '250' },
          'idleCheckpointMs must be a whole number of milliseconds, 0 or more, not a string',
        ],
        [
          { busyTimeoutMs: -5 },
          'busyTimeoutMs must be a whole number of milliseconds, 0 or more, not -5',
        ],
        [
          { idleCheckpointMs: Number.NaN },
          'idleCheckpointMs must be a whole number of milliseconds, 0 or more, not NaN',
        ],
      ] as const)
        expect(() => createSqliteSink(join(dir, 'x.db'), options as never)).toThrow(message);
    });
  });

  it('writes a batch all or none', () => {
    const file = join(dir, 'records.db');
    const sink = createSqliteSink(file);
    const good = {
      type: 'dispatch',
      run: 'b',
      turn: 0,
      dispatch: { callIndex: 0, ref: 'search@1', allowed: true },
    } as const;
    const bad = { ...good, turn: 'not a number' } as unknown as typeof good;
    expect(() => {
      sink.writeMany([good, good, bad]);
    }).toThrow();
    sink.writeMany([good, good]);
    sink.close();
    expect(rowsOf(file)).toHaveLength(2);
  });

  it('throws on a write after close, so the run does not commit it', () => {
    const sink = createSqliteSink(join(dir, 'records.db'));
    sink.close();
    const { run } = aRun({ run: { sink } });
    expect(() => run.propose(ANSWER_TURN)).toThrow('is closed');
    expect(run.records()).toEqual([]);
  });
});
