import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalQueue } from '../../src/approvals/types.js';
import { ToolgateError } from '../../src/index.js';
import { createPostgresApprovals } from '../../src/postgres/createPostgresApprovals.js';
import { createPostgresSink } from '../../src/postgres/index.js';
import { A_CALL, describeApprovalQueue } from '../approvals/approvalQueueContract.js';
import { PG_URL, aSchemaName, aTestPool, dropSchema } from '../helpers/postgres.js';

let schema: string;
beforeEach(() => {
  schema = aSchemaName('approvals');
});
afterEach(async () => {
  await dropSchema(schema);
});

describeApprovalQueue('PostgreSQL', () =>
  createPostgresApprovals({ connectionString: PG_URL, schema }),
);

describe('createPostgresApprovals', () => {
  it('lives in the records’ schema, versioned apart from them; two processes migrating at once apply version 1 once', async () => {
    const sink = await createPostgresSink({ connectionString: PG_URL, schema });
    const queues = await Promise.all(
      Array.from({ length: 4 }, () =>
        createPostgresApprovals({ connectionString: PG_URL, schema }),
      ),
    );
    const { id } = await (queues[0] as ApprovalQueue).add(A_CALL);
    expect((await (queues[3] as ApprovalQueue).get(id))?.status).toBe('pending');
    await Promise.all(queues.map((queue) => queue.close()));
    await sink.close();
    const pool = aTestPool();
    try {
      const versions = await pool.query(
        `SELECT version FROM "${schema}".toolgate_approvals_migrations`,
      );
      expect(versions.rows).toEqual([{ version: 1 }]);
      const tables = await pool.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
        [schema],
      );
      expect(tables.rows.map((row: { table_name: string }) => row.table_name)).toEqual(
        expect.arrayContaining(['toolgate_approvals', 'toolgate_migrations', 'toolgate_records']),
      );
    } finally {
      await pool.end();
    }
  });

  it('rejects a call it cannot store (text holding U+0000), so the proxy refuses it', async () => {
    const queue = await createPostgresApprovals({ connectionString: PG_URL, schema });
    try {
      await expect(queue.add({ ...A_CALL, ref: 'fs/write\0file@1' })).rejects.toThrow();
      expect(await queue.pending()).toEqual([]);
    } finally {
      await queue.close();
    }
  });

  it('uses a pool the caller gives and leaves it open', async () => {
    const pool = aTestPool();
    try {
      const queue = await createPostgresApprovals({ pool, schema });
      await queue.add(A_CALL);
      await queue.close();
      const rows = await pool.query(
        `SELECT count(*)::int AS n FROM "${schema}".toolgate_approvals`,
      );
      expect(rows.rows).toEqual([{ n: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it('rejects at creation when the database cannot be reached, naming what to check', async () => {
    const opening = createPostgresApprovals({
      connectionString: 'postgres://postgres@127.0.0.1:1/test',
      schema,
    });
    await expect(opening).rejects.toThrow(ToolgateError);
    await expect(opening).rejects.toThrow(
      /^the pending approvals in PostgreSQL cannot be used: .+; check the connection string, that the server runs and that the user may create tables in schema tg_approvals_/,
    );
  });
});
