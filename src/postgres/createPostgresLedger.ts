import { extend } from '../data/extend.js';
import type { TouchedLabel } from '../gate/types.js';
import type { LedgerSpend, LedgerState, RunLedger } from '../run/ledgerTypes.js';
import { LEDGER_MIGRATIONS } from './ledgerMigrations.js';
import { migrateOrRefuse } from './migratePostgres.js';
import { readPostgresOptions, type PostgresOptions } from './readPostgresOptions.js';

/** A ledger in PostgreSQL; `close` ends the pool toolgate made. */
export interface PostgresLedger extends RunLedger {
  readonly async: true;
  readonly read: (run: string) => Promise<LedgerState>;
  readonly spend: (run: string, seen: LedgerState, add: LedgerSpend) => Promise<boolean>;
  readonly acceptApproval: (run: string, token: string) => Promise<boolean>;
  readonly touch: (
    run: string,
    seen: readonly TouchedLabel[],
    labels: readonly TouchedLabel[],
  ) => Promise<boolean>;
  readonly close: () => Promise<void>;
}

/** PostgreSQL text cannot hold U+0000: escape it in keys. */
const key = (text: string) => text.replaceAll('\0', '\\u0000');
const unkey = (text: string) => text.replaceAll('\\u0000', '\0');

/** PostgreSQL's unique_violation: another process appended at the same place first. */
const UNIQUE_VIOLATION = '23505';

interface TouchedRow {
  readonly label: string;
  readonly ref: string;
  readonly value: string;
  readonly turn: number | null;
  readonly call_index: number | null;
}

function touchedOf(row: TouchedRow): TouchedLabel {
  return Object.freeze({
    label: unkey(row.label),
    ref: unkey(row.ref),
    value: unkey(row.value),
    ...(row.turn === null ? {} : { turn: row.turn }),
    ...(row.call_index === null ? {} : { callIndex: row.call_index }),
  });
}

/**
 * Creates a ledger in PostgreSQL that any number of processes share (SPEC
 * §8 rev 2): runs of the same `id` spend one budget and accept each
 * approval token once. Each spend is one statement, a compare-and-swap on
 * the run's row (insert or update only if the row is still what the run
 * read), so concurrent runtimes never overspend: the loser decides again.
 * The labels a run touched are rows numbered in first-touch order; a touch
 * is one INSERT of the new labels at the places after those the run read,
 * so of two processes touching from the same read one statement fails on
 * the key and that run decides its dispatch again (SPEC §14.5).
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
  await migrateOrRefuse(
    config,
    extend(config, {
      migrations: LEDGER_MIGRATIONS,
      table: 'toolgate_ledger_migrations',
      main: 'toolgate_ledger',
    }),
    'the PostgreSQL run ledger',
  );
  const table = `${quotedSchema}.toolgate_ledger`;
  let closed = false;
  return Object.freeze({
    async: true,
    read: async (run: string): Promise<LedgerState> => {
      // One statement, so the budgets and the touched labels are one snapshot.
      const result = await pool.query<{
        turns: number | null;
        tool_calls: number | null;
        dead: boolean | null;
        touched: TouchedRow[] | null;
      }>(
        `SELECT l.turns, l.tool_calls, l.dead,
           (SELECT json_agg(json_build_object('label', t.label, 'ref', t.ref, 'value', t.value,
                   'turn', t.turn, 'call_index', t.call_index) ORDER BY t.seq)
              FROM ${table}_touched t WHERE t.run = $1) AS touched
         FROM (SELECT 1) AS one LEFT JOIN ${table} l ON l.run = $1`,
        [key(run)],
      );
      const row = result.rows[0];
      return Object.freeze({
        turns: row?.turns ?? 0,
        toolCalls: row?.tool_calls ?? 0,
        dead: row?.dead ?? false,
        touched: Object.freeze((row?.touched ?? []).map(touchedOf)),
      });
    },
    touch: async (
      run: string,
      seen: readonly TouchedLabel[],
      labels: readonly TouchedLabel[],
    ): Promise<boolean> => {
      if (labels.length === 0) return true;
      // One INSERT at places seen.length, seen.length + 1, …: a process that appended from the
      // same read holds one of those places (or one of these labels), so the whole statement fails.
      const values: unknown[] = [key(run)];
      const rows = labels.map((entry, n) => {
        values.push(
          seen.length + n,
          key(entry.label),
          key(entry.ref),
          key(entry.value),
          entry.turn ?? null,
          entry.callIndex ?? null,
        );
        const at = 1 + n * 6;
        return `($1, $${String(at + 1)}::int, $${String(at + 2)}, $${String(at + 3)}, $${String(at + 4)}, $${String(at + 5)}::int, $${String(at + 6)}::int)`;
      });
      try {
        await pool.query(
          `INSERT INTO ${table}_touched (run, seq, label, ref, value, turn, call_index) VALUES ${rows.join(', ')}`,
          values,
        );
        return true;
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION) return false;
        throw error;
      }
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
