import { spawnSync } from 'node:child_process';
import {
  closeSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  AuthorizedCall,
  DispatchDecision,
  RecordSink,
  RunEntry,
  TurnRecord,
} from '../../src/index.js';
import { proposeAndFire } from '../../src/fire/proposeAndFire.js';
import { createJsonlFileSink } from '../../src/node/index.js';
import { RUN_RECORDS_CHECK } from '../../src/run/refuseStoreFailure.js';
import { createSqliteSink } from '../../src/sqlite/index.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';
import { expectRejection } from '../helpers/expectRejection.js';
import { ANSWER_TURN, aCall, aRun, callsTurn } from '../helpers/runBuilders.js';
import { aTempDir, onCleanUp, removeTempDir } from '../helpers/scratch.js';

/**
 * Full disks, for real: each test mounts a 256 KiB tmpfs of its own (the
 * tests run as root), fills it with a filler file until ENOSPC, and checks
 * what the SQLite and JSONL sinks do. afterEach closes the sinks and
 * unmounts; a closer registered with onCleanUp unmounts too if a test died
 * half-way, before the temp folders go.
 */

const mounted = new Set<string>();
const closers: (() => void)[] = [];

function unmount(dir: string): void {
  if (!mounted.has(dir)) return;
  const result = spawnSync('umount', [dir], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`umount ${dir} failed: ${result.stderr}`);
  mounted.delete(dir);
}

/** A new folder with a 256 KiB tmpfs mounted on it. */
function aSmallDisk(): string {
  const dir = aTempDir('disk');
  const result = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=256k,mode=0700', 'tmpfs', dir], {
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`mount -t tmpfs on ${dir} failed (the tests run as root): ${result.stderr}`);
  mounted.add(dir);
  onCleanUp(() => {
    unmount(dir);
  });
  return dir;
}

afterEach(() => {
  for (const close of closers.splice(0)) close();
  for (const dir of [...mounted]) {
    unmount(dir);
    removeTempDir(dir);
  }
});

/** Writes `filler` in the folder until the disk refuses (ENOSPC); returns its path. */
function fill(dir: string): string {
  const filler = join(dir, 'filler');
  const fd = openSync(filler, 'w');
  const chunk = Buffer.alloc(4096, 0x2e);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, chunk);
  } catch (error) {
    expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
  } finally {
    closeSync(fd);
  }
  // The disk was not full before: the filler took most of it.
  expect(written).toBeGreaterThan(64 * 1024);
  return filler;
}

/** One stored record, as both stores can tell it: what it was about and the run it names. */
interface Stored {
  readonly what: string;
  readonly run: string | undefined;
}

/** A turn `turn:INDEX:SETTLED`, a dispatch `dispatch:TURN:CALL:allowed|refused`. */
function describeEntry(entry: RunEntry): string {
  if (entry.type === 'turn') return `turn:${entry.record.index}:${entry.record.settled}`;
  if (entry.type === 'dispatch')
    return `dispatch:${entry.turn}:${entry.dispatch.callIndex}:${entry.dispatch.allowed ? 'allowed' : 'refused'}`;
  return `fire:${entry.turn}:${entry.fire.callIndex}`;
}

interface Store {
  readonly name: string;
  readonly file: string;
  readonly open: (file: string) => RecordSink & { readonly close: () => void };
  /** Every record the file holds, in order, each parsed whole (a torn one throws). */
  readonly read: (file: string) => Stored[];
}

const STORES: readonly Store[] = [
  {
    name: 'SQLite',
    file: 'records.db',
    open: (file) => createSqliteSink(file),
    read: (file) => {
      const db = new Database(file, { readonly: true });
      try {
        const rows = db
          .prepare(
            'SELECT type, run, turn, call, settled, allowed, record FROM toolgate_records ORDER BY seq',
          )
          .all() as {
          type: string;
          run: string | null;
          turn: number;
          call: number | null;
          settled: string | null;
          allowed: number | null;
          record: string;
        }[];
        return rows.map((row) => {
          const record = JSON.parse(row.record) as { index?: number; callIndex?: number };
          // The row's columns and its JSON record agree: the row is whole.
          expect(row.type === 'turn' ? record.index : record.callIndex).toBe(
            row.type === 'turn' ? row.turn : row.call,
          );
          const what =
            row.type === 'turn'
              ? `turn:${row.turn}:${row.settled}`
              : row.type === 'fire'
                ? `fire:${row.turn}:${row.call}`
                : `dispatch:${row.turn}:${row.call}:${row.allowed === 1 ? 'allowed' : 'refused'}`;
          return { what, run: row.run ?? undefined };
        });
      } finally {
        db.close();
      }
    },
  },
  {
    name: 'JSONL',
    file: 'records.jsonl',
    open: (file) => createJsonlFileSink(file),
    read: (file) => {
      const text = readFileSync(file, 'utf8');
      if (text === '') return [];
      expect(text.endsWith('\n'), 'the file ends with a whole line').toBe(true);
      return text
        .slice(0, -1)
        .split('\n')
        .map((line) => {
          const entry = JSON.parse(line) as RunEntry;
          return { what: describeEntry(entry), run: entry.run };
        });
    },
  },
];

/**
 * The run id, longer than a tmpfs page (4 KiB): every entry is then bigger
 * than the slack left in the last page of the records file, so once the disk
 * is full no write can fit, and every one must be refused (not some of them,
 * by luck of the page boundary).
 */
const RUN_ID = `run-${'x'.repeat(5000)}`;

const THREE_CALLS = callsTurn(
  aCall('search', { query: 'one' }),
  aCall('search', { query: 'two' }),
  aCall('search', { query: 'three' }),
);

function callsOf(record: TurnRecord): readonly AuthorizedCall[] {
  if (record.calls === undefined)
    throw new Error(`expected a tool turn: ${JSON.stringify(record)}`);
  return record.calls;
}

function at<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`nothing at ${index}`);
  return item;
}

/** The store refused: run.records, check_failed, a reason that says so and names the cause. */
function expectStoreRefusal(
  refusal: { check?: string; code: string; reason: string } | undefined,
  what: string,
): void {
  expect(refusal?.check).toBe(RUN_RECORDS_CHECK);
  expect(refusal?.code).toBe('check_failed');
  expect(refusal?.reason).toMatch(
    new RegExp(
      `^the record store could not record this ${what}, so it was refused: .*(full|ENOSPC)`,
      'i',
    ),
  );
}

function expectRefusedDispatch(decision: DispatchDecision): void {
  expect(decision.allowed).toBe(false);
  expectStoreRefusal(decision.allowed ? undefined : decision.refusal, 'dispatch');
}

describe.each(STORES)('the $name sink on a full disk', (store) => {
  it('refuses to be created on a disk that is full, naming the file and the full disk', () => {
    const dir = aSmallDisk();
    fill(dir);
    const file = join(dir, store.file);
    const error = catchToolgateError(() => {
      closers.push(store.open(file).close);
    }, 'invalid_option');
    expect(error.message).toContain(file);
    expect(error.message).toMatch(/the disk is full/);
    expect(error.message).toMatch(/free some space/);
  });

  it('refuses every record while the disk is full, loses none it acknowledged, and goes on once space is back', async () => {
    const dir = aSmallDisk();
    const file = join(dir, store.file);
    const sink = store.open(file);
    closers.push(sink.close);
    const { run } = aRun({ run: { sink, id: RUN_ID } });

    // Before: a turn of three calls and the first call dispatched, both acknowledged.
    const first = await run.proposeAsync(THREE_CALLS);
    expect(first.settled).toBe('tool');
    const calls = callsOf(first);
    expect((await run.dispatchAsync(at(calls, 0))).allowed).toBe(true);

    const filler = fill(dir);

    // Full: every write is refused, as a run.records refusal, never thrown, never allowed.
    expectRefusedDispatch(await run.dispatchAsync(at(calls, 1)));
    expectRefusedDispatch(await run.dispatchAsync(at(calls, 2)));
    const refusedTurn = await run.proposeAsync(ANSWER_TURN);
    expect(refusedTurn.settled).toBe('rejected');
    expectStoreRefusal(refusedTurn.refusal, 'turn');
    expect(refusedTurn.spent).toEqual({ turns: 0, toolCalls: 0 });
    expectRefusedDispatch(await run.dispatchAsync(at(calls, 1)));
    // The sync forms throw the store's error and commit nothing (docs/records.md, "Async runs").
    expect(() => run.dispatch(at(calls, 2))).toThrow(/full|ENOSPC/i);
    expect(() => run.propose(ANSWER_TURN)).toThrow(/full|ENOSPC/i);
    expect(
      run.records().map((record) => [record.index, record.settled, record.dispatches?.length]),
    ).toEqual([[0, 'tool', 1]]);

    // Nothing refused reached the file: only what was acknowledged, whole and once.
    rmSync(filler);
    expect(store.read(file)).toEqual([
      { what: 'turn:0:tool', run: RUN_ID },
      { what: 'dispatch:0:0:allowed', run: RUN_ID },
    ]);

    // Space is back: the refused call can be dispatched now, and the run goes on.
    expect((await run.dispatchAsync(at(calls, 1))).allowed).toBe(true);
    const answer = await run.proposeAsync(ANSWER_TURN);
    expect(answer.settled).toBe('answer');
    expect(store.read(file)).toEqual([
      { what: 'turn:0:tool', run: RUN_ID },
      { what: 'dispatch:0:0:allowed', run: RUN_ID },
      { what: 'dispatch:0:1:allowed', run: RUN_ID },
      { what: 'turn:1:answer', run: RUN_ID },
    ]);
    // The call refused while the disk was full, and never dispatched since, has no allowed record.
    expect(store.read(file).some((stored) => stored.what === 'dispatch:0:2:allowed')).toBe(false);
  });

  it('commits a proxied call (a turn and its dispatch, one write) all or none: on a full disk the call never runs', async () => {
    const dir = aSmallDisk();
    const file = join(dir, store.file);
    const sink = store.open(file);
    closers.push(sink.close);
    const { run } = aRun({ run: { sink, id: RUN_ID } });
    let ran = 0;
    const handler = () => {
      ran += 1;
      return 'found';
    };
    const search = aCall('search', { query: 'one' });
    const filler = fill(dir);
    // Two pages free: room for the turn's record alone, not for it and its dispatch.
    truncateSync(filler, statSync(filler).size - 8192);
    await expectRejection(proposeAndFire(search, handler, {}, { run }), /full|ENOSPC/i);
    expect(ran).toBe(0);
    expect(run.records()).toEqual([]);
    rmSync(filler);
    // Nothing of the refused call reached the file: no turn without its dispatch.
    expect(store.read(file)).toEqual([]);
    expect((await proposeAndFire(search, handler, {}, { run })).status).toBe('ok');
    expect(ran).toBe(1);
    expect(store.read(file)).toEqual([
      { what: 'turn:0:tool', run: RUN_ID },
      { what: 'dispatch:0:0:allowed', run: RUN_ID },
      { what: 'fire:0:0', run: RUN_ID },
    ]);
  });
});
