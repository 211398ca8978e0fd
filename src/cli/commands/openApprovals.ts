import { resolve } from 'node:path';
import type { ApprovalQueue } from '../../approvals/types.js';
import type { RecordsOption } from './readRecordsOption.js';

/**
 * Opens the pending approvals of a record store: the SQLite file's table,
 * or PostgreSQL's in the URL's schema. A JSONL file cannot hold them: a
 * problem sentence naming what to use instead. Rejects when the store
 * cannot be opened (its message names the store).
 *
 * // await openApprovals({ kind: 'sqlite', path: 'toolgate-records.db' }) => the file's queue
 */
export async function openApprovals(store: RecordsOption): Promise<ApprovalQueue | string> {
  if (store.kind !== 'postgres') {
    if (store.kind === 'jsonl')
      return `pending approvals are kept in a SQLite or PostgreSQL record store (sqlite:PATH or postgres://…); a JSONL file (${store.path}) cannot hold them`;
    const { createSqliteApprovals } = await import('../../sqlite/createSqliteApprovals.js');
    return createSqliteApprovals(resolve(store.path));
  }
  const { createPostgresApprovals } = await import('../../postgres/createPostgresApprovals.js');
  return createPostgresApprovals({
    connectionString: store.connectionString,
    schema: store.schema,
  });
}
