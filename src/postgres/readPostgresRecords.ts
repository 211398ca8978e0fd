import { buildRecordQuery } from '../stores/buildRecordQuery.js';
import { toRecordLine, type RecordLine } from '../stores/toRecordLine.js';
import type { RecordFilter } from '../stores/types.js';

/**
 * Reads the rows of a PostgreSQL record store that match `filter`, oldest
 * first, over one connection (connect timeout 5 s) loaded and opened only
 * now. Rejects when the server cannot be reached or holds no records table
 * in `schema`.
 *
 * // await readPostgresRecords('postgres://app@db/agents', 'public', { code: 'not_granted' })
 */
export async function readPostgresRecords(
  connectionString: string,
  schema: string,
  filter: RecordFilter,
): Promise<readonly RecordLine[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const found = await client.query('SELECT to_regclass($1) AS t', [
      `"${schema}".toolgate_records`,
    ]);
    if ((found.rows[0] as { t: unknown } | undefined)?.t === null)
      throw new Error(`schema ${schema} holds no toolgate records (no table toolgate_records)`);
    const { sql, params } = buildRecordQuery(filter, 'postgres', `"${schema}".toolgate_records`);
    const rows = await client.query(sql, [...params]);
    return (rows.rows as Record<string, unknown>[]).map(toRecordLine);
  } finally {
    await client.end().catch(() => undefined);
  }
}
