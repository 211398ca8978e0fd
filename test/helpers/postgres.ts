import pg from 'pg';

/** The test database (SPEC's CI machines run PostgreSQL 15 here, trust auth). */
export const PG_URL = process.env.TOOLGATE_TEST_PG ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A schema name no other test, process or engineer uses: `tg_<pid>_<random>`. */
export function aSchemaName(label = 't'): string {
  return `tg_${label}_${String(process.pid)}_${Math.random().toString(36).slice(2, 10)}`;
}

/** A pool on the test database; end it when done. */
export function aTestPool(): pg.Pool {
  const pool = new pg.Pool({ connectionString: PG_URL, max: 4 });
  pool.on('error', () => undefined);
  return pool;
}

/** Drops a schema a test made, with everything in it. */
export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}
