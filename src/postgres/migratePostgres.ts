import type pg from 'pg';
import { messageOf } from '../data/messageOf.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import type { PostgresConfig } from './readPostgresOptions.js';
import { fillMigration, RECORD_MIGRATIONS, type Migration } from '../stores/recordMigrations.js';

/** What one PostgreSQL migration run applies to: a schema and its migrations table. */
export interface PostgresMigrationTarget {
  /** Quoted, as it goes in SQL. */
  readonly quotedSchema: string;
  /** Raw, for the advisory lock's key. */
  readonly schema: string;
  /** Which migrations: the record store's by default (the ledger has its own list). */
  readonly migrations?: readonly Migration[];
  /** The migrations table's name, one per list. */
  readonly table?: string;
  /** The main table's name, for `{T}` and `{P}`. */
  readonly main?: string;
}

/**
 * Brings toolgate's tables in a PostgreSQL schema to the newest version,
 * in one transaction holding a transaction-level advisory lock keyed on the
 * schema: two processes migrating at once run one after the other, and the
 * second finds nothing to do. Creates the schema if missing; running it
 * again changes nothing. Throws on any failure (nothing is half applied)
 * and when the schema is newer than this package knows.
 *
 * // await migratePostgres(pool, { schema: 'public', quotedSchema: '"public"' })
 */
export async function migratePostgres(
  pool: pg.Pool,
  target: PostgresMigrationTarget,
): Promise<void> {
  const migrations = target.migrations ?? RECORD_MIGRATIONS;
  const main = target.main ?? 'toolgate_records';
  const versions = `${target.quotedSchema}.${target.table ?? 'toolgate_migrations'}`;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
      `toolgate migrations ${target.schema}`,
    ]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${target.quotedSchema}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${versions} (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
    );
    const found = await client.query<{ version: number }>(
      `SELECT COALESCE(MAX(version), 0)::int AS version FROM ${versions}`,
    );
    const current = found.rows[0]?.version ?? 0;
    if (current > migrations.length)
      throw new Error(
        `${versions} has schema version ${String(current)}, newer than this toolgate knows (${String(migrations.length)}); upgrade toolgate`,
      );
    for (const migration of migrations.slice(current)) {
      for (const sql of migration.sql.postgres)
        await client.query(fillMigration(sql, `${target.quotedSchema}.${main}`, main));
      await client.query(`INSERT INTO ${versions} (version) VALUES ($1)`, [migration.version]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * `migratePostgres` for a store being opened: on failure, ends the pool
 * toolgate made and throws `ToolgateError` (`invalid_option`) naming
 * `what` (e.g. "the PostgreSQL run ledger") and what to check.
 *
 * // await migrateOrRefuse(config, { ...config, migrations: LEDGER_MIGRATIONS, … }, 'the PostgreSQL run ledger')
 */
export async function migrateOrRefuse(
  config: PostgresConfig,
  target: PostgresMigrationTarget,
  what: string,
): Promise<void> {
  try {
    await migratePostgres(config.pool, target);
  } catch (error) {
    if (config.ownsPool) await config.pool.end().catch(() => undefined);
    throw new ToolgateError(
      'invalid_option',
      `${what} cannot be used: ${messageOf(error) || String((error as { code?: unknown }).code)}; check the connection string, that the server runs and that the user may create tables in schema ${config.schema}`,
    );
  }
}
