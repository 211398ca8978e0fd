import type { Migration } from './recordMigrations.js';

/**
 * The pending approvals' migrations, oldest first (`{T}` is the table,
 * `{P}` the prefix of index names), with a migrations table of their own
 * (`toolgate_approvals_migrations`) beside the records'. One row per call
 * waiting for a person (SPEC §14.6): what it is, and how and by whom it
 * ended, listed in the order added (SQLite's rowid, PostgreSQL's `seq`).
 * Version 1 is written `IF NOT EXISTS` because the first proxies created
 * the same SQLite table unversioned. Append new versions; never edit one
 * that shipped.
 */
export const APPROVAL_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: {
      sqlite: [
        `CREATE TABLE IF NOT EXISTS {T} (
          id TEXT PRIMARY KEY,
          run TEXT NOT NULL,
          session TEXT,
          ref TEXT NOT NULL,
          digest TEXT NOT NULL,
          arguments TEXT NOT NULL,
          resources TEXT NOT NULL,
          created_at TEXT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'denied', 'timed_out')),
          answered_by TEXT,
          answered_at TEXT
        ) STRICT`,
        `CREATE INDEX IF NOT EXISTS {P}_pending ON {T} (status)`,
      ],
      postgres: [
        `CREATE TABLE IF NOT EXISTS {T} (
          id TEXT PRIMARY KEY,
          seq BIGINT GENERATED ALWAYS AS IDENTITY,
          run TEXT NOT NULL,
          session TEXT,
          ref TEXT NOT NULL,
          digest TEXT NOT NULL,
          arguments TEXT NOT NULL,
          resources TEXT NOT NULL,
          created_at TIMESTAMPTZ NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'denied', 'timed_out')),
          answered_by TEXT,
          answered_at TIMESTAMPTZ
        )`,
        `CREATE INDEX IF NOT EXISTS {P}_pending ON {T} (status, seq)`,
      ],
    },
  },
];
