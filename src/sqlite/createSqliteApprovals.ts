import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import type {
  ApprovalAnswer,
  ApprovalQueue,
  ApprovalStatus,
  PendingApproval,
} from '../approvals/types.js';
import { messageOf } from '../data/messageOf.js';
import { ToolgateError } from '../errors/ToolgateError.js';

/** The table of pending approvals, beside the records in the same file. */
export const APPROVALS_TABLE = 'toolgate_approvals';

interface Row {
  readonly id: string;
  readonly run: string;
  readonly session: string | null;
  readonly ref: string;
  readonly digest: string;
  readonly arguments: string;
  readonly resources: string;
  readonly created_at: string;
  readonly status: ApprovalStatus;
  readonly answered_by: string | null;
  readonly answered_at: string | null;
}

/**
 * The pending approvals of a SQLite record store (the file `toolgate mcp`
 * records to), in a table of their own beside the records, created if
 * missing (WAL, so the proxy and `toolgate approvals` use it at once). Ids
 * are 12 random hex digits. Throws `ToolgateError` (`invalid_option`) for a
 * file it cannot open or write.
 *
 * // createSqliteApprovals('toolgate-records.db').add({ run, ref, digest, arguments, resources }) => { id: '3f9a…', createdAt, … }
 */
export function createSqliteApprovals(file: string, busyTimeoutMs = 5000): ApprovalQueue {
  let db: Database.Database;
  try {
    if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
    db = new Database(file, { timeout: busyTimeoutMs });
    db.pragma('journal_mode = WAL');
    db.exec(`CREATE TABLE IF NOT EXISTS ${APPROVALS_TABLE} (
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
    ) STRICT`);
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
    `SELECT * FROM ${APPROVALS_TABLE} WHERE status = 'pending' ORDER BY created_at, id`,
  );
  const read = (id: string) => select.get(id) as Row | undefined;
  return Object.freeze({
    add: (approval: Omit<PendingApproval, 'id' | 'createdAt'>) => {
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
      return Object.freeze({ ...approval, id, createdAt });
    },
    get: (id: string) => {
      const row = read(id);
      return row === undefined ? undefined : toApproval(row);
    },
    answer: (id: string, decision: 'approved' | 'denied', by: string) => {
      const changed = settle.run(decision, by, new Date().toISOString(), id).changes;
      if (changed === 1) return 'answered';
      return read(id) === undefined ? 'unknown' : 'ended';
    },
    expire: (id: string) => {
      settle.run('timed_out', null, new Date().toISOString(), id);
      return read(id)?.status;
    },
    pending: () => (pending.all() as Row[]).map(toApproval),
    close: () => {
      if (db.open) db.close();
    },
  });
}

function toApproval(row: Row): PendingApproval & ApprovalAnswer {
  const resources: unknown = JSON.parse(row.resources);
  return Object.freeze({
    id: row.id,
    run: row.run,
    ...(row.session === null ? {} : { session: row.session }),
    ref: row.ref,
    digest: row.digest,
    arguments: row.arguments,
    resources: Array.isArray(resources) ? resources.map(String) : [],
    createdAt: row.created_at,
    status: row.status,
    ...(row.answered_by === null ? {} : { answeredBy: row.answered_by }),
    ...(row.answered_at === null ? {} : { answeredAt: row.answered_at }),
  });
}
