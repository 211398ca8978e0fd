import type { RecordLine } from '../../stores/toRecordLine.js';
import type { RecordFilter } from '../../stores/types.js';

/**
 * Reads the rows of a SQLite or PostgreSQL record store, oldest first; the
 * store's driver (an optional peer) is loaded only now.
 *
 * // await readStoreRecords({ kind: 'sqlite', path: 'toolgate-records.db' }, { run: 'r1' }) => r1's rows
 */
export async function readStoreRecords(
  store:
    | { readonly kind: 'sqlite'; readonly path: string }
    | { readonly kind: 'postgres'; readonly connectionString: string; readonly schema: string },
  filter: RecordFilter,
): Promise<readonly RecordLine[]> {
  if (store.kind === 'postgres') {
    const { readPostgresRecords } = await import('../../postgres/readPostgresRecords.js');
    return readPostgresRecords(store.connectionString, store.schema, filter);
  }
  const { readSqliteRecords } = await import('../../sqlite/readSqliteRecords.js');
  return readSqliteRecords(store.path, filter);
}
