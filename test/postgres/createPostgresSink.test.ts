import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToolgateError, type AuthorizedCall, type TurnRecord } from '../../src/index.js';
import { createPostgresSink } from '../../src/postgres/index.js';
import {
  ANSWER_TURN,
  SEARCH_TURN,
  UNGRANTED_TURN,
  aCall,
  aRun,
  callsTurn,
} from '../helpers/runBuilders.js';
import { PG_URL, aSchemaName, aTestPool, dropSchema } from '../helpers/postgres.js';

function callsOf(record: TurnRecord): readonly AuthorizedCall[] {
  if (record.calls === undefined)
    throw new Error(`expected a tool turn: ${JSON.stringify(record)}`);
  return record.calls;
}

const pool = aTestPool();
let schema: string;
beforeEach(() => {
  schema = aSchemaName('sink');
});
afterEach(async () => {
  await dropSchema(schema);
});
afterAll(async () => {
  await pool.end();
});

async function rowsOf(name: string): Promise<Record<string, unknown>[]> {
  const result = await pool.query(`SELECT * FROM "${name}".toolgate_records ORDER BY seq`);
  return result.rows as Record<string, unknown>[];
}

describe('createPostgresSink', () => {
  it('stores a row per turn and per dispatch, committed before the async forms resolve', async () => {
    const sink = await createPostgresSink({ connectionString: PG_URL, schema });
    const { run } = aRun({ run: { sink, id: 'run-1' } });
    const [call] = callsOf(await run.proposeAsync(SEARCH_TURN));
    expect((await run.dispatchAsync(call)).allowed).toBe(true);
    // Read through another connection while the sink is still open: already committed.
    expect((await rowsOf(schema)).map((row) => row.type)).toEqual(['turn', 'dispatch']);
    await run.proposeAsync(UNGRANTED_TURN);
    await run.proposeAsync(ANSWER_TURN);
    await sink.close();
    const rows = await rowsOf(schema);
    expect(
      rows.map((row) => [
        row.run,
        row.type,
        row.turn,
        row.call,
        row.settled,
        row.allowed,
        row.check,
        row.code,
        row.ref,
        row.refs,
        row.audit,
      ]),
    ).toEqual([
      ['run-1', 'turn', 0, null, 'tool', null, null, null, null, ' search@1 ', false],
      ['run-1', 'dispatch', 0, 0, null, true, null, null, 'search@1', ' search@1 ', false],
      [
        'run-1',
        'turn',
        1,
        null,
        'rejected',
        null,
        'proposal.granted',
        'not_granted',
        'web-search@2',
        ' web-search@2 ',
        false,
      ],
      ['run-1', 'turn', 2, null, 'answer', null, null, null, null, ' ', false],
    ]);
    expect(rows[3]?.record).toEqual({
      index: 2,
      settled: 'answer',
      answer: 'done',
      spent: { turns: 1, toolCalls: 0 },
    });
    expect(rows[0]?.at).toBeInstanceOf(Date);
  });

  it('stores the redacted record, and text holding U+0000', async () => {
    const sink = await createPostgresSink({ connectionString: PG_URL, schema });
    const { run } = aRun({ run: { sink, id: 'nul\u0000id' } });
    await run.proposeAsync(callsTurn(aCall('vault/use', { secret: 'APP_KEY' })));
    await run.proposeAsync(callsTurn(aCall('search', { query: 'a\u0000b' })));
    await sink.close();
    const rows = await rowsOf(schema);
    expect(rows.map((row) => row.run)).toEqual(['nul\\u0000id', 'nul\\u0000id']);
    expect(JSON.stringify(rows[0]?.record)).not.toContain('APP_KEY');
    expect((rows[1]?.record as TurnRecord).calls?.[0]?.arguments).toEqual({ query: 'a\u0000b' });
  });

  it('works on a pool you pass, and leaves it open', async () => {
    const sink = await createPostgresSink({ pool, schema });
    await sink.write({
      type: 'dispatch',
      run: 'p',
      turn: 0,
      dispatch: { callIndex: 0, ref: 'search@1', allowed: true },
    });
    await sink.close();
    expect(await rowsOf(schema)).toHaveLength(1);
  });

  it('migrates once, even when eight sinks open a new schema at the same time', async () => {
    const sinks = await Promise.all(
      Array.from({ length: 8 }, () => createPostgresSink({ connectionString: PG_URL, schema })),
    );
    await Promise.all(sinks.map((sink) => sink.close()));
    const again = await createPostgresSink({ connectionString: PG_URL, schema });
    await again.close();
    const versions = await pool.query(`SELECT version FROM "${schema}".toolgate_migrations`);
    expect(versions.rows).toEqual([{ version: 1 }]);
    const indexes = await pool.query(
      'SELECT indexname FROM pg_indexes WHERE schemaname = $1 ORDER BY indexname',
      [schema],
    );
    expect(indexes.rows.map((row: { indexname: string }) => row.indexname)).toEqual([
      'toolgate_migrations_pkey',
      'toolgate_records_at',
      'toolgate_records_code',
      'toolgate_records_pkey',
      'toolgate_records_ref',
      'toolgate_records_run',
    ]);
  });

  it('writes a batch all or none', async () => {
    const sink = await createPostgresSink({ pool, schema });
    const good = {
      type: 'dispatch',
      run: 'b',
      turn: 0,
      dispatch: { callIndex: 0, ref: 'search@1', allowed: true },
    } as const;
    const bad = { ...good, turn: 1.5 };
    await expect(sink.writeMany([good, good, bad])).rejects.toThrow();
    await sink.writeMany([good, good]);
    expect(await rowsOf(schema)).toHaveLength(2);
  });

  it('groups concurrent writes into fewer statements, each resolving once its row is in, each run in order', async () => {
    const counted = aTestPool();
    let inserts = 0;
    const query = counted.query.bind(counted) as (...args: unknown[]) => Promise<unknown>;
    (counted as unknown as { query: typeof query }).query = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].startsWith('INSERT')) inserts += 1;
      return query(...args);
    };
    try {
      const sink = await createPostgresSink({ pool: counted, schema });
      const entry = (run: number, turn: number) =>
        ({
          type: 'dispatch',
          run: `r${String(run)}`,
          turn,
          dispatch: { callIndex: 0, ref: 'search@1', allowed: true },
        }) as const;
      // 30 runs at once, each writing its 10 rows one after another, as a run does.
      await Promise.all(
        Array.from({ length: 30 }, async (_, run) => {
          for (let turn = 0; turn < 10; turn++) {
            await sink.write(entry(run, turn));
            // Resolved means committed: another connection already sees the row.
            const seen = await pool.query(
              `SELECT 1 FROM "${schema}".toolgate_records WHERE run = $1 AND turn = $2`,
              [`r${String(run)}`, turn],
            );
            expect(seen.rowCount).toBe(1);
          }
        }),
      );
      const rows = await rowsOf(schema);
      expect(rows).toHaveLength(300);
      for (let run = 0; run < 30; run++)
        expect(rows.filter((row) => row.run === `r${String(run)}`).map((row) => row.turn)).toEqual(
          Array.from({ length: 10 }, (_, turn) => turn),
        );
      expect(inserts).toBeLessThan(300);
    } finally {
      await counted.end();
    }
  });

  it('refuses only the write whose row is bad when it was grouped with others', async () => {
    const sink = await createPostgresSink({ pool, schema });
    const good = (turn: number) =>
      ({
        type: 'dispatch',
        run: 'g',
        turn,
        dispatch: { callIndex: 0, ref: 'search@1', allowed: true },
      }) as const;
    const writes = [
      sink.write(good(0)),
      sink.write(good(1)),
      sink.write({ ...good(2), turn: 2.5 }),
      sink.write(good(3)),
    ];
    const settled = await Promise.allSettled(writes);
    expect(settled.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((await rowsOf(schema)).map((row) => row.turn)).toEqual([0, 1, 3]);
  });

  it('fails a whole group at once when the statement fails for no row of its own (a lost connection)', async () => {
    const failing = aTestPool();
    let inserts = 0;
    const query = failing.query.bind(failing) as (...args: unknown[]) => Promise<unknown>;
    (failing as unknown as { query: typeof query }).query = (...args: unknown[]) => {
      if (typeof args[0] !== 'string' || !args[0].startsWith('INSERT')) return query(...args);
      inserts += 1;
      // The first statement is held a moment, so the writes after it form one group.
      return new Promise((_, reject) =>
        setTimeout(() => {
          reject(new Error('Connection terminated unexpectedly'));
        }, 50),
      );
    };
    try {
      const sink = await createPostgresSink({ pool: failing, schema });
      const entry = (turn: number) =>
        ({
          type: 'dispatch',
          run: 'lost',
          turn,
          dispatch: { callIndex: 0, ref: 'search@1', allowed: true },
        }) as const;
      const settled = await Promise.allSettled(
        [0, 1, 2, 3, 4].map((turn) => sink.write(entry(turn))),
      );
      expect(settled.map((result) => result.status)).toEqual(Array(5).fill('rejected'));
      // One statement for the first write, one for the group of four: no retry row by row.
      expect(inserts).toBe(2);
    } finally {
      await failing.end();
    }
  });

  it('rejects at creation when the database cannot be reached', async () => {
    const created = createPostgresSink({
      connectionString: 'postgres://postgres@127.0.0.1:1/test',
      schema,
    });
    await expect(created).rejects.toThrow(ToolgateError);
    await expect(created).rejects.toThrow(
      /^the PostgreSQL record store cannot be used: .*ECONNREFUSED.*; check the connection string/,
    );
  });

  it('refuses bad options as programming errors', async () => {
    await expect(
      createPostgresSink({ connectionString: PG_URL, schema: 'x"; DROP TABLE y; --' }),
    ).rejects.toThrow(/schema .* must be letters, digits and _/);
    await expect(createPostgresSink({} as never)).rejects.toThrow(/exactly one of/);
    await expect(createPostgresSink({ pool: {} as unknown as pg.Pool })).rejects.toThrow(
      'pool must be a pg.Pool',
    );
  });
});
