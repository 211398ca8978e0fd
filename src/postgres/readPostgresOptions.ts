import pg from 'pg';
import { describeValue } from '../data/describeValue.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { ToolgateError } from '../errors/ToolgateError.js';

/** How to reach PostgreSQL: a connection string (toolgate makes and ends a pool) or your own pool. */
export type PostgresOptions = (
  | { readonly connectionString: string; readonly pool?: undefined }
  | { readonly pool: pg.Pool; readonly connectionString?: undefined }
) & {
  /** The schema holding toolgate's tables, created if missing. Default `public`. */
  readonly schema?: string;
};

/** The options, checked: a pool to use, whether toolgate owns it, the quoted schema. */
export interface PostgresConfig {
  readonly pool: pg.Pool;
  readonly ownsPool: boolean;
  readonly schema: string;
  /** `"schema"`, safe to put in SQL. */
  readonly quotedSchema: string;
}

/** A schema name toolgate puts in SQL: letters, digits and `_`, not starting with a digit. */
const SCHEMA = /^[a-z_]\w{0,62}$/i;

/**
 * Checks the PostgreSQL options shared by the sink and the ledger. A pool
 * toolgate makes has short timeouts (connect 5 s, query 10 s), so a
 * database that went away makes a write fail soon instead of hanging the
 * run, and an error on an idle connection never crashes the process.
 * Throws `ToolgateError` (`invalid_option`) for bad options.
 *
 * // ({ connectionString: 'postgres://app@db/agents', schema: 'toolgate' }) => { pool, ownsPool: true, schema: 'toolgate', quotedSchema: '"toolgate"' }
 */
export function readPostgresOptions(options: unknown, what: string): PostgresConfig {
  if (!isPlainObject(options))
    throw new ToolgateError('invalid_option', `${what} needs { connectionString } or { pool }`);
  const { connectionString, pool, schema = 'public' } = options;
  if (typeof schema !== 'string' || !SCHEMA.test(schema))
    throw new ToolgateError(
      'invalid_option',
      `${what}: schema ${describeValue(schema)} must be letters, digits and _, such as "toolgate"`,
    );
  const quotedSchema = `"${schema}"`;
  if ((connectionString === undefined) === (pool === undefined))
    throw new ToolgateError(
      'invalid_option',
      `${what} needs exactly one of { connectionString } or { pool }`,
    );
  if (pool !== undefined) {
    if (typeof (pool as { query?: unknown }).query !== 'function')
      throw new ToolgateError('invalid_option', `${what}: pool must be a pg.Pool`);
    return { pool, ownsPool: false, schema, quotedSchema } as PostgresConfig;
  }
  if (typeof connectionString !== 'string' || connectionString === '')
    throw new ToolgateError(
      'invalid_option',
      `${what}: connectionString must be a URL such as "postgres://user@host:5432/db"`,
    );
  const made = new pg.Pool({
    connectionString,
    max: 4,
    connectionTimeoutMillis: 5000,
    query_timeout: 10_000,
  });
  // An idle connection that breaks (the server restarted) must not crash the process;
  // the next query fails and the run refuses.
  made.on('error', () => undefined);
  return { pool: made, ownsPool: true, schema, quotedSchema };
}
