import type { RecordSink, RunEntry } from '../run/types.js';
import { RECORD_COLUMNS } from '../stores/recordMigrations.js';
import { rowValues } from '../stores/rowValues.js';
import { toRecordRow } from '../stores/toRecordRow.js';
import { migrateOrRefuse } from './migratePostgres.js';
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

/** The most rows one grouped INSERT takes (14 parameters a row, well under PostgreSQL's 65,535). */
const MAX_GROUP = 500;

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
 * them refuse (check `run.records`). Writes that arrive while an INSERT
 * is in flight are grouped into the next one (group commit: concurrent
 * calls share a round trip and a commit; each write still resolves only
 * once its row is committed; a group refused for a row's data is retried
 * row by row, so a bad row refuses only its own write, while a lost
 * connection fails the whole group at once). Any number of processes may
 * share the table, and none loses or duplicates another's rows.
 *
 * // const sink = await createPostgresSink({ connectionString: 'postgres://app@db/agents' });
 * // const run = createRun({ gate, grant, sink, id: 'run-42' });
 * // await run.proposeAsync(turn); await run.dispatchAsync(call);
 */
export async function createPostgresSink(options: PostgresOptions): Promise<PostgresSink> {
  const config = readPostgresOptions(options, 'createPostgresSink');
  const { pool, quotedSchema } = config;
  await migrateOrRefuse(config, config, 'the PostgreSQL record store');
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
  // Group commit: the writes that arrive while a statement is in flight go together in the
  // next one (at most MAX_GROUP rows), so concurrent calls share a round trip and a commit.
  // A group the server refused for a row's data is written again row by row, so one bad row
  // refuses only its own write.
  interface Waiting {
    readonly entry: RunEntry;
    readonly done: () => void;
    readonly failed: (error: unknown) => void;
  }
  let queue: Waiting[] = [];
  let flushing = false;
  const flush = async () => {
    flushing = true;
    while (queue.length > 0) {
      const group = queue.slice(0, MAX_GROUP);
      queue = queue.slice(group.length);
      try {
        await insert(group.map((waiting) => waiting.entry));
        for (const waiting of group) waiting.done();
      } catch (error) {
        // Only a row the server refused (a data or constraint error) is worth telling apart; a
        // lost connection or a timeout would fail each retry too, one timeout per row.
        if (group.length === 1 || !isRowError(error))
          for (const waiting of group) waiting.failed(error);
        else
          for (const waiting of group)
            await insert([waiting.entry]).then(waiting.done, waiting.failed);
      }
    }
    flushing = false;
  };
  const write = (entry: RunEntry) =>
    new Promise<void>((done, failed) => {
      queue.push({ entry, done, failed });
      if (!flushing) void flush();
    });
  let closed = false;
  return Object.freeze({
    async: true,
    write,
    writeMany: insert,
    close: async () => {
      if (closed || !config.ownsPool) return;
      closed = true;
      await pool.end();
    },
  });
}

/** Did PostgreSQL refuse a row's values (SQLSTATE class 22, data exception, or 23, integrity)? */
function isRowError(error: unknown): boolean {
  const code =
    typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}
