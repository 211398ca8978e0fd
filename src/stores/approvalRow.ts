import type { ApprovalAnswer, ApprovalStatus, PendingApproval } from '../approvals/types.js';

/** A pending approval's row, as SQLite (times as ISO text) or PostgreSQL (times as `Date`) gives it. */
export interface ApprovalRow {
  readonly id: string;
  readonly run: string;
  readonly session: string | null;
  readonly ref: string;
  readonly digest: string;
  readonly arguments: string;
  /** JSON text of the resource values, an array of strings. */
  readonly resources: string;
  readonly created_at: string | Date;
  readonly status: ApprovalStatus;
  readonly answered_by: string | null;
  readonly answered_at: string | Date | null;
}

const iso = (time: string | Date) => (typeof time === 'string' ? time : time.toISOString());

/**
 * A stored row as the approval it is, frozen; absent columns stay absent.
 *
 * // toApproval({ id: '3f9a…', …, session: null, created_at: new Date(0), … }) => { id: '3f9a…', …, createdAt: '1970-01-01T00:00:00.000Z' }
 */
export function toApproval(row: ApprovalRow): PendingApproval & ApprovalAnswer {
  const resources: unknown = JSON.parse(row.resources);
  return Object.freeze({
    id: row.id,
    run: row.run,
    ...(row.session === null ? {} : { session: row.session }),
    ref: row.ref,
    digest: row.digest,
    arguments: row.arguments,
    resources: Array.isArray(resources) ? resources.map(String) : [],
    createdAt: iso(row.created_at),
    status: row.status,
    ...(row.answered_by === null ? {} : { answeredBy: row.answered_by }),
    ...(row.answered_at === null ? {} : { answeredAt: iso(row.answered_at) }),
  });
}
