import { closeSync, existsSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { ToolgateError } from '../errors/ToolgateError.js';
import { messageOf } from '../data/messageOf.js';
import { WRITE_BATCH } from '../run/runInternals.js';
import type { RecordSink, RunEntry } from '../run/types.js';
import { RECORD_COLUMNS } from '../stores/recordMigrations.js';
import { rowValues } from '../stores/rowValues.js';
import { toRecordRow } from '../stores/toRecordRow.js';
import { migrateSqlite, SQLITE_TABLE } from './migrateSqlite.js';

/** How the SQLite sink opens its file. */
export interface SqliteSinkOptions {
  /** How long a write waits for another process's lock, in milliseconds. Default 5000. */
  readonly busyTimeoutMs?: number;
  /**
   * (rev 3) What a returned `write` survives. `'process'` (the default,
   * SQLite's `synchronous = NORMAL` in WAL mode): the row is committed to
   * the operating system, so it survives the process being killed at any
   * moment (`SIGKILL`, a crash), but a power loss or kernel crash may take
   * the last few milliseconds of rows. `'power'` (`synchronous = FULL`):
   * each commit waits for an `fsync`, so it survives a power loss too, at
   * about a tenth of the rows per second.
   */
  readonly durability?: 'process' | 'power';
  /**
   * (rev 3) After how many pages of write-ahead log a write also copies the log into the
   * database file (SQLite's `wal_autocheckpoint`; a page is 4 KiB). Default 4000 (16 MiB): a
   * copy costs a few milliseconds whatever its size (its fsyncs), so fewer, larger copies fall
   * on about one recorded call in 300 instead of one in 75 (docs/records.md). `0` leaves the log to the idle copy and
   * to `close`.
   */
  readonly checkpointPages?: number;
  /**
   * (rev 3) Milliseconds without a write after which the sink copies the log into the database
   * file, so a call made after a pause does not pay for it. Default 250; `0` turns it off. The
   * timer never keeps the process alive, and a copy that fails loses nothing (the rows are in
   * the log; the next copy tries again).
   */
  readonly idleCheckpointMs?: number;
}

/** A sink writing to a SQLite file; `close` releases it. */
export interface SqliteSink extends RecordSink {
  /** Writes several entries in one transaction: all or none (for imports and batching). */
  readonly writeMany: (entries: readonly RunEntry[]) => void;
  readonly close: () => void;
}

/**
 * Creates a sink that stores each run entry as a row of a SQLite file
 * (created `0600` if missing, schema created or migrated now), in WAL mode:
 * `write` returns once its row is committed, so a call never runs
 * unrecorded; by default the commit survives the process being killed,
 * and with `durability: 'power'` a power loss too (an `fsync` per commit). The file is checked now: one
 * that cannot be written (read-only, full disk, not a database) throws
 * `ToolgateError` (`invalid_option`) here, not at the first record. A write
 * that fails later throws, and the run does not commit what it recorded.
 * Rows hold the redacted record (see `toRecordRow`).
 *
 * // const sink = createSqliteSink('/var/lib/agent/records.db');
 * // createRun({ gate, grant, sink, id: 'run-42' });
 * // toolgate records --store sqlite:/var/lib/agent/records.db --run run-42
 */
export function createSqliteSink(file: string, options: SqliteSinkOptions = {}): SqliteSink {
  if (typeof file !== 'string' || file === '' || file.includes('\0'))
    throw new ToolgateError('invalid_option', 'createSqliteSink needs a file path');
  const busy = readCount(options.busyTimeoutMs, 5000, 'busyTimeoutMs', 'milliseconds');
  // Read as unknown: a JavaScript caller may pass anything.
  const durability: unknown = options.durability ?? 'process';
  if (durability !== 'process' && durability !== 'power')
    throw new ToolgateError(
      'invalid_option',
      `durability must be 'process' (survives a crash of the process) or 'power' (an fsync per commit), not ${JSON.stringify(durability)}`,
    );
  const pages = readCount(options.checkpointPages, 4000, 'checkpointPages', 'pages of log');
  const idleMs = readCount(options.idleCheckpointMs, 250, 'idleCheckpointMs', 'milliseconds');
  let db: Database.Database;
  try {
    // An audit trail: readable by its owner only.
    if (file !== ':memory:' && !existsSync(file)) closeSync(openSync(file, 'a', 0o600));
    db = new Database(file, { timeout: busy });
  } catch (error) {
    throw new ToolgateError(
      'invalid_option',
      isDiskFull(error)
        ? `the SQLite record store ${file} cannot be created: the disk is full (${messageOf(error)}); free some space on that disk or put the store on another one`
        : `the SQLite record store ${file} cannot be opened: ${messageOf(error)}`,
    );
  }
  try {
    db.pragma('journal_mode = WAL');
    db.pragma(durability === 'power' ? 'synchronous = FULL' : 'synchronous = NORMAL');
    db.pragma(`wal_autocheckpoint = ${String(pages)}`);
    migrateSqlite(db);
  } catch (error) {
    db.close();
    throw new ToolgateError(
      'invalid_option',
      isDiskFull(error)
        ? `the SQLite record store ${file} cannot be written: the disk is full (${messageOf(error)}); free some space on that disk or put the store on another one`
        : `the SQLite record store ${file} cannot be written: ${messageOf(error)}; check the file's permissions and the free disk space`,
    );
  }
  const columns = RECORD_COLUMNS.map((column) => `"${column}"`).join(', ');
  const insert = db.prepare(
    `INSERT INTO ${SQLITE_TABLE} (${columns}) VALUES (${RECORD_COLUMNS.map(() => '?').join(', ')})`,
  );
  const writeOne = (entry: RunEntry) => {
    insert.run(rowValues(toRecordRow(entry, new Date().toISOString()), 'sqlite'));
  };
  const writeAll = db.transaction((entries: readonly RunEntry[]) => {
    for (const entry of entries) writeOne(entry);
  });
  // The idle copy: armed now (the migration wrote) and re-armed by every write, so it runs after
  // each pause that follows a write. (A cleared timer cannot be re-armed; one that fired can.)
  // PASSIVE waits for no reader or writer; a copy that fails (a reader of another process, a
  // full disk) leaves the rows in the log, where they already are durable.
  const idle =
    idleMs === 0
      ? undefined
      : setTimeout(() => {
          try {
            if (db.open) db.pragma('wal_checkpoint(PASSIVE)');
          } catch {
            // Nothing is lost: the next write's threshold, the next idle copy or close copies again.
          }
        }, idleMs).unref();
  const wrote = () => idle?.refresh();
  const writeMany = (entries: readonly RunEntry[]) => {
    if (!db.open) throw new Error(`the SQLite sink for ${file} is closed`);
    writeAll(entries);
    wrote();
  };
  return Object.freeze({
    write: (entry: RunEntry) => {
      if (!db.open) throw new Error(`the SQLite sink for ${file} is closed`);
      writeOne(entry);
      wrote();
    },
    writeMany,
    // A run records a one-call turn and its dispatch in one commit through this (runInternals.ts).
    [WRITE_BATCH]: writeMany,
    close: () => {
      if (idle !== undefined) clearTimeout(idle);
      if (db.open) db.close();
    },
  });
}

/** An option that counts something: a non-negative safe integer, or its default when absent. */
function readCount(value: unknown, fallback: number, name: string, unit: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new ToolgateError(
      'invalid_option',
      `${name} must be a whole number of ${unit}, 0 or more, not ${typeof value === 'number' ? String(value) : `a ${typeof value}`}`,
    );
  return value;
}

/** Did SQLite (`SQLITE_FULL`) or the file system (`ENOSPC`) say the disk is full? */
function isDiskFull(error: unknown): boolean {
  const code = (error as { readonly code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC';
}
