import { messageOf } from '../data/messageOf.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import type { RecordSink, RunEntry } from '../run/types.js';
import { RECORD_COLUMNS } from '../stores/recordMigrations.js';
import { rowValues } from '../stores/rowValues.js';
import { toRecordRow } from '../stores/toRecordRow.js';
import { migratePostgres } from './migratePostgres.js';
import { readPostgresOptions, type PostgresOptions } from './readPostgresOptions.js';

/** A sink writing to PostgreSQL: `write` resolves once the row is committed. */
export interface PostgresSink extends RecordSink {
  readonly async: true;
  readonly write: (entry: RunEntry) => Promise<void>;
  /** Writes several entries in one statement: all or none (for imports and batching). */
  readonly writeMany: (entries: readonly RunEntry[]) => Promise<void>;
  /** Ends the pool toolgate made (a pool you passed is yours to end). */
  readonly close: () => Promise<void>;
}

const COLUMNS = RECORD_COLUMNS.map((column) => `"${column}"`).join(', ');

/** `($1, …, $14), ($15, …)`: placeholders for `rows` rows. */
function placeholders(rows: number): string {
  const width = RECORD_COLUMNS.length;
  return Array.from(
    { length: rows },
    (_, row) =>
      `(${RECORD_COLUMNS.map((_column, column) => `$${String(row * width + column + 1)}`).join(', ')})`,
  ).join(', ');
}

/**
 * Creates a sink that stores each run entry as a row in PostgreSQL (the
 * same table and columns as the SQLite sink), creating or migrating the
 * schema first. Resolves once the database answered and the schema is
 * ready; rejects with `ToolgateError` (`invalid_option`) when it cannot be
 * reached or written. The sink is async (`async: true`): drive its run
 * with `proposeAsync` and `dispatchAsync`, which resolve only once the row
 * is committed, so a call never runs unrecorded; a write that fails makes
 * them refuse (check `run.records`). Each row is one autocommitted INSERT:
 * any number of processes may share the table, and none loses or
 * duplicates another's rows.
 *
 * // const sink = await createPostgresSink({ connectionString: 'postgres://app@db/agents' });
 * // const run = createRun({ gate, grant, sink, id: 'run-42' });
 * // await run.proposeAsync(turn); await run.dispatchAsync(call);
 */
export async function createPostgresSink(options: PostgresOptions): Promise<PostgresSink> {
  const config = readPostgresOptions(options, 'createPostgresSink');
  const { pool, quotedSchema } = config;
  try {
    await migratePostgres(pool, config);
  } catch (error) {
    if (config.ownsPool) await pool.end().catch(() => undefined);
    throw new ToolgateError(
      'invalid_option',
      `the PostgreSQL record store cannot be used: ${messageOf(error) || String((error as { code?: unknown }).code)}; check the connection string, that the server runs and that the user may create tables in schema ${config.schema}`,
    );
  }
  const table = `${quotedSchema}.toolgate_records`;
  const insert = async (entries: readonly RunEntry[]) => {
    if (entries.length === 0) return;
    const at = new Date().toISOString();
    const values = entries.flatMap((entry) => rowValues(toRecordRow(entry, at), 'postgres'));
    await pool.query(
      `INSERT INTO ${table} (${COLUMNS}) VALUES ${placeholders(entries.length)}`,
      values,
    );
  };
  let closed = false;
  return Object.freeze({
    async: true,
    write: (entry: RunEntry) => insert([entry]),
    writeMany: insert,
    close: async () => {
      if (closed || !config.ownsPool) return;
      closed = true;
      await pool.end();
    },
  });
}
