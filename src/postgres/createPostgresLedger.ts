import { messageOf } from '../data/messageOf.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import type { LedgerSpend, LedgerState, RunLedger } from '../run/ledgerTypes.js';
import { LEDGER_MIGRATIONS } from './ledgerMigrations.js';
import { migratePostgres } from './migratePostgres.js';
import { readPostgresOptions, type PostgresOptions } from './readPostgresOptions.js';

/** A ledger in PostgreSQL; `close` ends the pool toolgate made. */
export interface PostgresLedger extends RunLedger {
  readonly async: true;
  readonly read: (run: string) => Promise<LedgerState>;
  readonly spend: (run: string, seen: LedgerState, add: LedgerSpend) => Promise<boolean>;
  readonly acceptApproval: (run: string, token: string) => Promise<boolean>;
  readonly close: () => Promise<void>;
}

/** PostgreSQL text cannot hold U+0000: escape it in keys. */
const key = (text: string) => text.replaceAll('\0', '\\u0000');

/**
 * Creates a ledger in PostgreSQL that any number of processes share (SPEC
 * §8 rev 2): runs of the same `id` spend one budget and accept each
 * approval token once. Each spend is one statement, a compare-and-swap on
 * the run's row (insert or update only if the row is still what the run
 * read), so concurrent runtimes never overspend: the loser decides again.
 * Resolves once the schema is ready; rejects with `ToolgateError` when the
 * database cannot be reached. Later failures reject the ledger's calls, and
 * the run refuses (check `run.ledger`, code `check_failed`) until the
 * database is back. Drive its runs with `proposeAsync` and `dispatchAsync`.
 *
 * // const ledger = await createPostgresLedger({ connectionString: 'postgres://app@db/agents' });
 * // const run = createRun({ gate, grant, id: 'run-42', ledger, budgets: { toolCalls: 100 } });
 */
export async function createPostgresLedger(options: PostgresOptions): Promise<PostgresLedger> {
  const config = readPostgresOptions(options, 'createPostgresLedger');
  const { pool, quotedSchema } = config;
  try {
    await migratePostgres(pool, {
      ...config,
      migrations: LEDGER_MIGRATIONS,
      table: 'toolgate_ledger_migrations',
      main: 'toolgate_ledger',
    });
  } catch (error) {
    if (config.ownsPool) await pool.end().catch(() => undefined);
    throw new ToolgateError(
      'invalid_option',
      `the PostgreSQL run ledger cannot be used: ${messageOf(error) || String((error as { code?: unknown }).code)}; check the connection string, that the server runs and that the user may create tables in schema ${config.schema}`,
    );
  }
  const table = `${quotedSchema}.toolgate_ledger`;
  let closed = false;
  return Object.freeze({
    async: true,
    read: async (run: string): Promise<LedgerState> => {
      const result = await pool.query<{ turns: number; tool_calls: number; dead: boolean }>(
        `SELECT turns, tool_calls, dead FROM ${table} WHERE run = $1`,
        [key(run)],
      );
      const row = result.rows[0];
      return Object.freeze(
        row === undefined
          ? { turns: 0, toolCalls: 0, dead: false }
          : { turns: row.turns, toolCalls: row.tool_calls, dead: row.dead },
      );
    },
    spend: async (run: string, seen: LedgerState, add: LedgerSpend): Promise<boolean> => {
      // One statement: insert the run's first spend, or add to its row only if it is still `seen`
      // (a SELECT WHERE here would drop the row before ON CONFLICT could see it).
      const result = await pool.query(
        `INSERT INTO ${table} AS l (run, turns, tool_calls, dead)
         SELECT $1, $2::int + $5::int, $3::int + $6::int, $4::boolean OR $7::boolean
         ON CONFLICT (run) DO UPDATE SET
           turns = l.turns + $5::int, tool_calls = l.tool_calls + $6::int, dead = l.dead OR $7::boolean
         WHERE l.turns = $2::int AND l.tool_calls = $3::int AND l.dead = $4::boolean
         RETURNING 1`,
        [key(run), seen.turns, seen.toolCalls, seen.dead, add.turns, add.toolCalls, add.dead],
      );
      return result.rowCount === 1;
    },
    acceptApproval: async (run: string, token: string): Promise<boolean> => {
      const result = await pool.query(
        `INSERT INTO ${table}_approvals (run, token) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [key(run), key(token)],
      );
      return result.rowCount === 1;
    },
    close: async () => {
      if (closed || !config.ownsPool) return;
      closed = true;
      await pool.end();
    },
  });
}
