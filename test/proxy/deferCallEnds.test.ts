import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunEntry } from '../../src/index.js';
import { proposeAndFire } from '../../src/fire/proposeAndFire.js';
import { deferCallEnds } from '../../src/proxy/deferCallEnds.js';
import { WRITE_BATCH } from '../../src/run/runInternals.js';
import { createSqliteSink } from '../../src/sqlite/index.js';
import { aCall, aRun } from '../helpers/runBuilders.js';
import { aTempDir } from '../helpers/scratch.js';

const turn = (index: number): RunEntry =>
  ({ type: 'turn', record: { index } }) as unknown as RunEntry;
const dispatch = (index: number): RunEntry =>
  ({ type: 'dispatch', turn: index, dispatch: { callIndex: 0 } }) as unknown as RunEntry;
const end = (index: number): RunEntry =>
  ({ type: 'fire', turn: index, fire: { callIndex: 0 } }) as unknown as RunEntry;
const named = (entry: RunEntry) =>
  `${entry.type}:${String(entry.type === 'turn' ? entry.record.index : entry.turn)}`;

/** A sync sink that logs each commit (a write or a batch), failing while `failing`. */
function aStore() {
  const commits: string[][] = [];
  const state = { failing: false, closed: false };
  const commit = (how: string, entries: readonly RunEntry[]) => {
    if (state.failing) throw new Error('SQLITE_FULL: database or disk is full');
    commits.push(entries.map(named));
    hows.push(how);
  };
  const hows: string[] = [];
  const sink = {
    write: (entry: RunEntry) => {
      commit('write', [entry]);
    },
    [WRITE_BATCH]: (entries: readonly RunEntry[]) => {
      commit('batch', entries);
    },
    close: () => {
      state.closed = true;
    },
  };
  return { sink, commits, hows, state };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('deferCallEnds', () => {
  it("commits a call's end with the next call's turn and dispatch, in one commit", () => {
    const { sink, commits, hows } = aStore();
    const deferred = deferCallEnds(sink, { log: () => undefined, flushMs: 10_000 });
    (deferred as typeof sink)[WRITE_BATCH]([turn(0), dispatch(0)]);
    deferred.write(end(0));
    expect(commits).toEqual([['turn:0', 'dispatch:0']]);
    (deferred as typeof sink)[WRITE_BATCH]([turn(1), dispatch(1)]);
    // A refused call: its turn alone, with the end held before it.
    deferred.write(end(1));
    deferred.write(turn(2));
    expect(commits).toEqual([
      ['turn:0', 'dispatch:0'],
      ['fire:0', 'turn:1', 'dispatch:1'],
      ['fire:1', 'turn:2'],
    ]);
    // A record with nothing held goes as it came: one entry written, a batch as a batch.
    deferred.write(turn(3));
    expect(hows).toEqual(['batch', 'batch', 'batch', 'write']);
  });

  it('holds an end for flushMs (20 ms unless told), and commits nothing when nothing is held', async () => {
    const { sink, commits } = aStore();
    const slow = deferCallEnds(sink, { log: () => undefined, flushMs: 300 });
    slow.write(end(0));
    await sleep(100);
    expect(commits).toEqual([]);
    await sleep(400);
    expect(commits).toEqual([['fire:0']]);
    const usual = deferCallEnds(sink, { log: () => undefined });
    usual.write(end(1));
    await sleep(200);
    expect(commits).toEqual([['fire:0'], ['fire:1']]);
    // Closing with nothing held commits nothing (no empty transaction).
    await usual.close();
    expect(commits).toEqual([['fire:0'], ['fire:1']]);
  });

  it('commits held ends alone once no record came for flushMs, and at close, before closing the store', async () => {
    const { sink, commits, state } = aStore();
    const deferred = deferCallEnds(sink, { log: () => undefined, flushMs: 20 });
    deferred.write(end(0));
    deferred.write(end(1));
    expect(commits).toEqual([]);
    await sleep(60);
    expect(commits).toEqual([['fire:0', 'fire:1']]);
    deferred.write(end(2));
    await deferred.close();
    expect(commits).toEqual([['fire:0', 'fire:1'], ['fire:2']]);
    expect(state.closed).toBe(true);
  });

  it('keeps an end its commit failed for and tries it again with the next record, saying so', async () => {
    const { sink, commits, state } = aStore();
    const lines: string[] = [];
    const deferred = deferCallEnds(sink, { log: (line) => lines.push(line), flushMs: 20 });
    deferred.write(end(0));
    state.failing = true;
    // The next call's records fail with it: all or none, the end still held.
    expect(() => {
      deferred.write(turn(1));
    }).toThrow('SQLITE_FULL');
    await sleep(60);
    expect(lines).toEqual([
      'toolgate mcp: the end of 1 call(s) could not be recorded yet; it is tried again with the next record: SQLITE_FULL: database or disk is full',
    ]);
    state.failing = false;
    deferred.write(turn(1));
    expect(commits).toEqual([['fire:0', 'turn:1']]);
  });

  it('says at close which ends could not be recorded, and still closes the store', async () => {
    const { sink, state } = aStore();
    const lines: string[] = [];
    const deferred = deferCallEnds(sink, { log: (line) => lines.push(line), flushMs: 10_000 });
    deferred.write(end(0));
    state.failing = true;
    await deferred.close();
    expect(lines).toEqual([
      'toolgate mcp: the end of 1 call(s) could not be recorded before the store closed: SQLITE_FULL: database or disk is full',
    ]);
    expect(state.closed).toBe(true);
  });

  it('returns an asynchronous sink, or one that cannot commit several entries, as it is', () => {
    const close = () => undefined;
    const asynchronous = { async: true, write: () => Promise.resolve(), close };
    const single = { write: () => undefined, close };
    const asyncBatch = { ...asynchronous, [WRITE_BATCH]: () => undefined };
    expect(deferCallEnds(asynchronous, { log: () => undefined })).toBe(asynchronous);
    expect(deferCallEnds(asyncBatch, { log: () => undefined })).toBe(asyncBatch);
    expect(deferCallEnds(single, { log: () => undefined })).toBe(single);
  });
});

describe('deferCallEnds over the SQLite store', () => {
  let dir = '';
  beforeEach(() => {
    dir = aTempDir('defer');
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores every turn and dispatch before its call runs; the ends with the next call, all in order', async () => {
    const file = join(dir, 'records.db');
    const sink = deferCallEnds(createSqliteSink(file), { log: () => undefined, flushMs: 10_000 });
    const { run } = aRun({ run: { sink, id: 'r' } });
    const rows = () => {
      const db = new Database(file, { readonly: true });
      try {
        return (
          db.prepare('SELECT type, turn FROM toolgate_records ORDER BY seq').all() as {
            type: string;
            turn: number;
          }[]
        ).map((row) => `${row.type}:${String(row.turn)}`);
      } finally {
        db.close();
      }
    };
    let seenByHandler: string[] = [];
    const search = aCall('search', { query: 'x' });
    const handler = () => {
      seenByHandler = rows();
      return 'found';
    };
    await proposeAndFire(search, handler, {}, { run });
    expect(seenByHandler).toEqual(['turn:0', 'dispatch:0']);
    expect(rows()).toEqual(['turn:0', 'dispatch:0']);
    await proposeAndFire(search, handler, {}, { run });
    expect(seenByHandler).toEqual(['turn:0', 'dispatch:0', 'fire:0', 'turn:1', 'dispatch:1']);
    await sink.close();
    expect(rows()).toEqual(['turn:0', 'dispatch:0', 'fire:0', 'turn:1', 'dispatch:1', 'fire:1']);
  });
});
