import { buildRecordQuery } from '../stores/buildRecordQuery.js';
import { toRecordLine, type RecordLine } from '../stores/toRecordLine.js';
import type { RecordFilter } from '../stores/types.js';
import { SQLITE_TABLE } from './migrateSqlite.js';

/**
 * Reads the rows of a SQLite record store that match `filter`, oldest
 * first, opening the file read-only (it must exist) and loading
 * better-sqlite3 only now. Rejects when the file is missing or is not a
 * toolgate record store.
 *
 * // await readSqliteRecords('records.db', { run: 'r1' }) => [{ type: 'turn', run: 'r1', turn: 0, … }]
 */
export async function readSqliteRecords(
  file: string,
  filter: RecordFilter,
): Promise<readonly RecordLine[]> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const known = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(SQLITE_TABLE);
    if (known === undefined)
      throw new Error(`${file} holds no toolgate records (no table ${SQLITE_TABLE})`);
    const { sql, params } = buildRecordQuery(filter, 'sqlite', SQLITE_TABLE);
    const rows = db.prepare(sql).all(...params) as Record<string, unknown>[];
    return rows.map(toRecordLine);
  } finally {
    db.close();
  }
}
