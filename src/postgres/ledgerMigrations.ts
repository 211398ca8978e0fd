import type { Migration } from '../stores/recordMigrations.js';

/**
 * The PostgreSQL ledger's migrations, oldest first (`{T}` is the ledger
 * table, `{P}` the prefix of the other names): one row per run id with what
 * it spent, and one row per approval token accepted for a run.
 */
export const LEDGER_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: {
      sqlite: [],
      postgres: [
        `CREATE TABLE {T} (
          run TEXT PRIMARY KEY,
          turns INTEGER NOT NULL CHECK (turns >= 0),
          tool_calls INTEGER NOT NULL CHECK (tool_calls >= 0),
          dead BOOLEAN NOT NULL DEFAULT FALSE
        )`,
        `CREATE TABLE {T}_approvals (
          run TEXT NOT NULL,
          token TEXT NOT NULL,
          at TIMESTAMPTZ NOT NULL DEFAULT now(),
          PRIMARY KEY (run, token)
        )`,
      ],
    },
  },
];
