import { randomBytes } from 'node:crypto';
import type { ApprovalQueue, ApprovalStatus, PendingApproval } from '../approvals/types.js';
import { extend } from '../data/extend.js';
import { APPROVAL_MIGRATIONS } from '../stores/approvalMigrations.js';
import { toApproval, type ApprovalRow } from '../stores/approvalRow.js';
import { migrateOrRefuse } from './migratePostgres.js';
import { readPostgresOptions, type PostgresOptions } from './readPostgresOptions.js';

/** The table of pending approvals, in the schema of the records. */
export const POSTGRES_APPROVALS_TABLE = 'toolgate_approvals';

/**
 * The pending approvals of a PostgreSQL record store (SPEC §14.6), for a
 * fleet: a proxy on one machine waits, a person answers from another with
 * `toolgate approvals --store postgres://…` or `toolgate ui`. One table in
 * the records' schema, versioned in `toolgate_approvals_migrations` and
 * migrated under the same advisory lock as the records. An answer is one
 * `UPDATE … WHERE status = 'pending'`, so of two answers at once exactly one
 * counts. Text holding U+0000 (PostgreSQL cannot store it) makes `add`
 * reject, and the proxy refuses that call. Resolves once the schema is
 * ready; rejects with `ToolgateError` (`invalid_option`) when the database
 * cannot be reached.
 *
 * // const queue = await createPostgresApprovals({ connectionString: 'postgres://app@db/agents', schema: 'toolgate' });
 */
export async function createPostgresApprovals(options: PostgresOptions): Promise<ApprovalQueue> {
  const config = readPostgresOptions(options, 'createPostgresApprovals');
  const { pool, quotedSchema } = config;
  await migrateOrRefuse(
    config,
    extend(config, {
      migrations: APPROVAL_MIGRATIONS,
      table: 'toolgate_approvals_migrations',
      main: POSTGRES_APPROVALS_TABLE,
    }),
    'the pending approvals in PostgreSQL',
  );
  const table = `${quotedSchema}.${POSTGRES_APPROVALS_TABLE}`;
  const read = async (id: string) =>
    (await pool.query<ApprovalRow>(`SELECT * FROM ${table} WHERE id = $1`, [id])).rows[0];
  const settle = async (id: string, status: ApprovalStatus, by: string | null) =>
    (
      await pool.query(
        `UPDATE ${table} SET status = $1, answered_by = $2, answered_at = now() WHERE id = $3 AND status = 'pending'`,
        [status, by, id],
      )
    ).rowCount === 1;
  let closed = false;
  return Object.freeze({
    add: async (approval: Omit<PendingApproval, 'id' | 'createdAt'>) => {
      const id = randomBytes(6).toString('hex');
      const created = await pool.query<{ created_at: Date }>(
        `INSERT INTO ${table} (id, run, session, ref, digest, arguments, resources, created_at, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now(), 'pending') RETURNING created_at`,
        [
          id,
          approval.run,
          approval.session ?? null,
          approval.ref,
          approval.digest,
          approval.arguments,
          JSON.stringify(approval.resources),
        ],
      );
      const createdAt = created.rows[0]?.created_at.toISOString() ?? new Date().toISOString();
      return Object.freeze(extend(approval, { id, createdAt }));
    },
    get: async (id: string) => {
      const row = await read(id);
      return row === undefined ? undefined : toApproval(row);
    },
    answer: async (id: string, decision: 'approved' | 'denied', by: string) => {
      if (await settle(id, decision, by)) return 'answered' as const;
      return (await read(id)) === undefined ? ('unknown' as const) : ('ended' as const);
    },
    expire: async (id: string) => {
      await settle(id, 'timed_out', null);
      return (await read(id))?.status;
    },
    pending: async () =>
      (
        await pool.query<ApprovalRow>(
          `SELECT * FROM ${table} WHERE status = 'pending' ORDER BY seq`,
        )
      ).rows.map(toApproval),
    close: async () => {
      if (closed || !config.ownsPool) return;
      closed = true;
      await pool.end();
    },
  });
}
