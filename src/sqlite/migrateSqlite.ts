import type { Database } from 'better-sqlite3';
import { fillMigration, RECORD_MIGRATIONS, type Migration } from '../stores/recordMigrations.js';

/** The table of records and the table of applied schema versions. */
export const SQLITE_TABLE = 'toolgate_records';
export const SQLITE_MIGRATIONS_TABLE = 'toolgate_migrations';

/** What one SQLite migration run applies: the record store's list by default. */
export interface SqliteMigrationTarget {
  readonly migrations: readonly Migration[];
  /** The migrations table's name, one per list. */
  readonly table: string;
  /** The main table's name, for `{T}` and `{P}`. */
  readonly main: string;
}

const RECORDS: SqliteMigrationTarget = {
  migrations: RECORD_MIGRATIONS,
  table: SQLITE_MIGRATIONS_TABLE,
  main: SQLITE_TABLE,
};

/**
 * Brings a SQLite record store to the newest schema: applies, in one
 * `BEGIN IMMEDIATE` transaction, every migration not recorded yet. The
 * write lock taken first makes a second process that migrates at the same
 * time wait (busy timeout) and then find nothing left to do; running it
 * again changes nothing. Throws when the file cannot be written (read-only,
 * full) or holds a newer schema than this package knows.
 *
 * // migrateSqlite(db) on a new file => creates toolgate_records, its indexes, version 1
 */
export function migrateSqlite(db: Database, target: SqliteMigrationTarget = RECORDS): void {
  const { migrations, table, main } = target;
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(
      `CREATE TABLE IF NOT EXISTS ${table} (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`,
    );
    const row = db.prepare(`SELECT COALESCE(MAX(version), 0) AS version FROM ${table}`).get() as {
      version: number;
    };
    if (row.version > migrations.length)
      throw new Error(
        `${table} has schema version ${String(row.version)}, newer than this toolgate knows (${String(migrations.length)}); upgrade toolgate`,
      );
    const record = db.prepare(`INSERT INTO ${table} (version, applied_at) VALUES (?, ?)`);
    for (const migration of migrations.slice(row.version)) {
      for (const sql of migration.sql.sqlite) db.exec(fillMigration(sql, main, main));
      record.run(migration.version, new Date().toISOString());
    }
    // A write on every open, so a file that cannot take one fails here, not at the first record.
    db.exec(
      `CREATE TABLE IF NOT EXISTS toolgate_opened (id INTEGER PRIMARY KEY CHECK (id = 1), at TEXT NOT NULL)`,
    );
    db.prepare('INSERT OR REPLACE INTO toolgate_opened (id, at) VALUES (1, ?)').run(
      new Date().toISOString(),
    );
    db.exec('COMMIT');
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
