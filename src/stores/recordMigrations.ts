/** The SQL dialects a record store speaks. */
export type Dialect = 'sqlite' | 'postgres';

/** One schema change; `version` counts up from 1 and is recorded once applied. */
export interface Migration {
  readonly version: number;
  readonly sql: Readonly<Record<Dialect, readonly string[]>>;
}

/** The row columns, in insert order (`seq` is the store's own, in insert order). */
export const RECORD_COLUMNS = [
  'run',
  'type',
  'turn',
  'call',
  'step',
  'settled',
  'allowed',
  'check',
  'code',
  'ref',
  'refs',
  'at',
  'audit',
  'record',
] as const;

/**
 * Every migration of the record store, oldest first: one schema for SQLite
 * and PostgreSQL, the same columns and indexes. `{T}` stands for the table's
 * (schema-qualified) name, `{P}` for the prefix of index names. Append new
 * versions here; never edit one that shipped.
 *
 * Indexes serve the `toolgate records` filters: a run's rows in order,
 * rows by refusal code, rows by time, rows by ref.
 */
export const RECORD_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: {
      sqlite: [
        `CREATE TABLE {T} (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          run TEXT,
          type TEXT NOT NULL CHECK (type IN ('turn', 'dispatch', 'fire')),
          turn INTEGER NOT NULL,
          "call" INTEGER,
          step TEXT,
          settled TEXT,
          allowed INTEGER,
          "check" TEXT,
          code TEXT,
          ref TEXT,
          refs TEXT NOT NULL,
          at TEXT NOT NULL,
          audit INTEGER NOT NULL DEFAULT 0,
          record TEXT NOT NULL
        ) STRICT`,
        'CREATE INDEX {P}_run ON {T} (run, seq)',
        'CREATE INDEX {P}_code ON {T} (code, seq)',
        'CREATE INDEX {P}_at ON {T} (at)',
        'CREATE INDEX {P}_ref ON {T} (ref)',
      ],
      postgres: [
        `CREATE TABLE {T} (
          seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          run TEXT,
          type TEXT NOT NULL CHECK (type IN ('turn', 'dispatch', 'fire')),
          turn INTEGER NOT NULL,
          "call" INTEGER,
          step TEXT,
          settled TEXT,
          allowed BOOLEAN,
          "check" TEXT,
          code TEXT,
          ref TEXT,
          refs TEXT NOT NULL,
          at TIMESTAMPTZ NOT NULL,
          audit BOOLEAN NOT NULL DEFAULT FALSE,
          record JSON NOT NULL
        )`,
        'CREATE INDEX {P}_run ON {T} (run, seq)',
        'CREATE INDEX {P}_code ON {T} (code, seq)',
        'CREATE INDEX {P}_at ON {T} (at)',
        'CREATE INDEX {P}_ref ON {T} (ref)',
      ],
    },
  },
];

/** The newest schema version this package writes. */
export const RECORD_SCHEMA_VERSION = RECORD_MIGRATIONS.length;

/**
 * A migration's statements with the table and index names filled in.
 *
 * // ('CREATE INDEX {P}_run ON {T} (run, seq)', '"s1".toolgate_records', 'toolgate_records')
 * // => 'CREATE INDEX toolgate_records_run ON "s1".toolgate_records (run, seq)'
 */
export function fillMigration(sql: string, table: string, prefix: string): string {
  return sql.replaceAll('{T}', table).replaceAll('{P}', prefix);
}
