import type { Migration } from '../stores/recordMigrations.js';

/**
 * The PostgreSQL ledger's migrations, oldest first (`{T}` is the ledger
 * table, `{P}` the prefix of the other names): one row per run id with what
 * it spent, and one row per approval token accepted for a run; since
 * version 2, one row per label a run touched (`{T}_touched`), numbered from 0
 * in first-touch order, so two processes appending at one place collide.
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
  {
    version: 2,
    sql: {
      sqlite: [],
      postgres: [
        `CREATE TABLE {T}_touched (
          run TEXT NOT NULL,
          seq INTEGER NOT NULL CHECK (seq >= 0),
          label TEXT NOT NULL,
          ref TEXT NOT NULL,
          value TEXT NOT NULL,
          turn INTEGER,
          call_index INTEGER,
          at TIMESTAMPTZ NOT NULL DEFAULT now(),
          PRIMARY KEY (run, seq),
          UNIQUE (run, label)
        )`,
      ],
    },
  },
];
