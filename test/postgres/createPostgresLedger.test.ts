import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEDGER_MIGRATIONS } from '../../src/postgres/ledgerMigrations.js';
import { migratePostgres } from '../../src/postgres/migratePostgres.js';
import { ToolgateError } from '../../src/index.js';
import { createPostgresLedger } from '../../src/postgres/index.js';
import { PG_URL, aSchemaName, dropSchema } from '../helpers/postgres.js';

let schema: string;
beforeEach(() => {
  schema = aSchemaName('ledger');
});
afterEach(async () => {
  await dropSchema(schema);
});

describe('createPostgresLedger', () => {
  it('spends only on the state it was shown, across ledgers on one database', async () => {
    const a = await createPostgresLedger({ connectionString: PG_URL, schema });
    const b = await createPostgresLedger({ connectionString: PG_URL, schema });
    const fresh = await a.read('r');
    expect(fresh).toEqual({ turns: 0, toolCalls: 0, dead: false, touched: [] });
    expect(await a.spend('r', fresh, { turns: 1, toolCalls: 2, dead: false })).toBe(true);
    // b read nothing new: its spend on the stale state is refused.
    expect(await b.spend('r', fresh, { turns: 1, toolCalls: 1, dead: false })).toBe(false);
    const now = await b.read('r');
    expect(now).toEqual({ turns: 1, toolCalls: 2, dead: false, touched: [] });
    expect(await b.spend('r', now, { turns: 1, toolCalls: 0, dead: true })).toBe(true);
    expect(await a.read('r')).toEqual({ turns: 2, toolCalls: 2, dead: true, touched: [] });
    expect(await a.read('other')).toEqual({ turns: 0, toolCalls: 0, dead: false, touched: [] });
    await Promise.all([a.close(), b.close()]);
  });

  it('accepts an approval token once per run id, whichever ledger asks', async () => {
    const a = await createPostgresLedger({ connectionString: PG_URL, schema });
    const b = await createPostgresLedger({ connectionString: PG_URL, schema });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        (n % 2 === 0 ? a : b).acceptApproval('r', 'hmac-sha256:0f'),
      ),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await b.acceptApproval('s', 'hmac-sha256:0f')).toBe(true);
    await Promise.all([a.close(), b.close()]);
  });

  it('appends touched labels only on the labels it was shown: one of two from one read wins', async () => {
    const a = await createPostgresLedger({ connectionString: PG_URL, schema });
    const b = await createPostgresLedger({ connectionString: PG_URL, schema });
    const fresh = await a.read('r');
    const privateRead = {
      label: 'private',
      ref: 'mail/read@1',
      value: '/m\u0000',
      turn: 0,
      callIndex: 0,
    };
    const publicPost = {
      label: 'public',
      ref: 'slack/post@1',
      value: 'slack/post@1',
      turn: 2,
      callIndex: 1,
    };
    const answers = await Promise.all([
      a.touch('r', fresh.touched ?? [], [privateRead]),
      b.touch('r', fresh.touched ?? [], [publicPost]),
    ]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    const winner = answers[0] ? privateRead : publicPost;
    const now = await b.read('r');
    expect(now.touched).toEqual([winner]);
    // A label already there, or a stale read, loses; appending after the fresh read wins.
    expect(await a.touch('r', now.touched ?? [], [winner])).toBe(false);
    expect(await a.touch('r', [], [{ ...privateRead, label: 'other' }])).toBe(false);
    const loser = winner === privateRead ? publicPost : privateRead;
    expect(
      await a.touch('r', now.touched ?? [], [loser, { label: 'x', ref: 'x@1', value: 'x@1' }]),
    ).toBe(true);
    expect((await a.read('r')).touched).toEqual([
      winner,
      loser,
      { label: 'x', ref: 'x@1', value: 'x@1' },
    ]);
    expect((await a.read('s')).touched).toEqual([]);
    await Promise.all([a.close(), b.close()]);
  });

  it('migrates a ledger of version 1: its runs keep their budgets and read as touching nothing', async () => {
    const pool = new pg.Pool({ connectionString: PG_URL, max: 1 });
    try {
      await migratePostgres(pool, {
        schema,
        quotedSchema: `"${schema}"`,
        migrations: LEDGER_MIGRATIONS.slice(0, 1),
        table: 'toolgate_ledger_migrations',
        main: 'toolgate_ledger',
      });
      await pool.query(
        `INSERT INTO "${schema}".toolgate_ledger (run, turns, tool_calls, dead) VALUES ('old', 2, 3, false)`,
      );
    } finally {
      await pool.end();
    }
    const ledger = await createPostgresLedger({ connectionString: PG_URL, schema });
    const old = await ledger.read('old');
    expect(old).toEqual({ turns: 2, toolCalls: 3, dead: false, touched: [] });
    expect(await ledger.touch('old', [], [{ label: 'private', ref: 'a@1', value: 'a@1' }])).toBe(
      true,
    );
    expect((await ledger.read('old')).touched).toEqual([
      { label: 'private', ref: 'a@1', value: 'a@1' },
    ]);
    await ledger.close();
  });

  it('rejects at creation when the database cannot be reached', async () => {
    await expect(
      createPostgresLedger({ connectionString: 'postgres://postgres@127.0.0.1:1/test', schema }),
    ).rejects.toThrow(ToolgateError);
  });
});
