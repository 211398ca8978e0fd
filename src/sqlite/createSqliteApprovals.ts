import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { ApprovalQueue, PendingApproval } from '../approvals/types.js';
import { extend } from '../data/extend.js';
import { messageOf } from '../data/messageOf.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { APPROVAL_MIGRATIONS } from '../stores/approvalMigrations.js';
import { toApproval, type ApprovalRow } from '../stores/approvalRow.js';
import { migrateSqlite, type SqliteMigrationTarget } from './migrateSqlite.js';

/** The table of pending approvals, beside the records in the same file. */
export const APPROVALS_TABLE = 'toolgate_approvals';

/** The approvals' migrations, versioned in a table of their own. */
export const APPROVALS_TARGET: SqliteMigrationTarget = {
  migrations: APPROVAL_MIGRATIONS,
  table: 'toolgate_approvals_migrations',
  main: APPROVALS_TABLE,
};

/**
 * The pending approvals of a SQLite record store (the file `toolgate mcp`
 * records to), in a table of their own beside the records, created or
 * migrated to the newest version (WAL, so the proxy and `toolgate
 * approvals` use it at once). Ids are 12 random hex digits. The methods
 * run synchronously and resolve at once; a failed statement rejects.
 * Throws `ToolgateError` (`invalid_option`) for a file it cannot open or
 * write, or one whose approvals are newer than this package knows.
 *
 * // await createSqliteApprovals('toolgate-records.db').add({ run, ref, digest, arguments, resources }) => { id: '3f9a…', createdAt, … }
 */
export function createSqliteApprovals(file: string, busyTimeoutMs = 5000): ApprovalQueue {
  let db: Database.Database;
  try {
    if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
    db = new Database(file, { timeout: busyTimeoutMs });
    db.pragma('journal_mode = WAL');
    migrateSqlite(db, APPROVALS_TARGET);
  } catch (error) {
    throw new ToolgateError(
      'invalid_option',
      `the approvals of the SQLite store ${file} cannot be opened: ${messageOf(error)}`,
    );
  }
  const insert = db.prepare(
    `INSERT INTO ${APPROVALS_TABLE} (id, run, session, ref, digest, arguments, resources, created_at, status)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending')`,
  );
  const select = db.prepare(`SELECT * FROM ${APPROVALS_TABLE} WHERE id = ?`);
  const settle = db.prepare(
    `UPDATE ${APPROVALS_TABLE} SET status = ?, answered_by = ?, answered_at = ? WHERE id = ? AND status = 'pending'`,
  );
  const pending = db.prepare(
    `SELECT * FROM ${APPROVALS_TABLE} WHERE status = 'pending' ORDER BY rowid`,
  );
  const read = (id: string) => select.get(id) as ApprovalRow | undefined;
  return Object.freeze({
    add: (approval: Omit<PendingApproval, 'id' | 'createdAt'>) =>
      promised(() => {
        const id = randomBytes(6).toString('hex');
        const createdAt = new Date().toISOString();
        insert.run(
          id,
          approval.run,
          approval.session ?? null,
          approval.ref,
          approval.digest,
          approval.arguments,
          JSON.stringify(approval.resources),
          createdAt,
        );
        return Object.freeze(extend(approval, { id, createdAt }));
      }),
    get: (id: string) =>
      promised(() => {
        const row = read(id);
        return row === undefined ? undefined : toApproval(row);
      }),
    answer: (id: string, decision: 'approved' | 'denied', by: string) =>
      promised(() => {
        const changed = settle.run(decision, by, new Date().toISOString(), id).changes;
        if (changed === 1) return 'answered' as const;
        return read(id) === undefined ? ('unknown' as const) : ('ended' as const);
      }),
    expire: (id: string) =>
      promised(() => {
        settle.run('timed_out', null, new Date().toISOString(), id);
        return read(id)?.status;
      }),
    pending: () => promised(() => (pending.all() as ApprovalRow[]).map(toApproval)),
    close: () =>
      promised(() => {
        if (db.open) db.close();
      }),
  });
}

/** A synchronous statement as the queue's promise: its value, or a rejection when it throws. */
function promised<T>(statement: () => T): Promise<T> {
  return new Promise((resolve) => {
    resolve(statement());
  });
}
