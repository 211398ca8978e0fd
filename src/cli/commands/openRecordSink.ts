import { resolve } from 'node:path';
import { createJsonlFileSink } from '../../node/createJsonlFileSink.js';
import type { ClosableSink } from '../../proxy/deferCallEnds.js';
import type { RecordsOption } from './readRecordsOption.js';

/** A sink the CLI opened, and how to release it. */
export type OpenedSink = ClosableSink;

/**
 * Opens the store `--records` names, loading its driver only now: JSONL
 * (none), SQLite (`better-sqlite3`, file created and migrated) or
 * PostgreSQL (`pg`, schema created or migrated; an async sink). Rejects
 * with the driver's or the store's error.
 *
 * // await openRecordSink({ kind: 'jsonl', path: 'records.jsonl' }) => a sink appending to ./records.jsonl
 */
export async function openRecordSink(records: RecordsOption): Promise<OpenedSink> {
  if (records.kind === 'postgres') {
    const { createPostgresSink } = await import('../../postgres/createPostgresSink.js');
    return createPostgresSink({
      connectionString: records.connectionString,
      schema: records.schema,
    });
  }
  if (records.kind === 'jsonl') return createJsonlFileSink(resolve(records.path));
  const { createSqliteSink } = await import('../../sqlite/createSqliteSink.js');
  return createSqliteSink(resolve(records.path));
}
