import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aSchemaName, aTestPool, dropSchema } from '../helpers/postgres.js';
import { runWorker } from '../helpers/spawnWorker.js';
import { deadline } from '../helpers/testEnv.js';

// Real processes against the real database: a fleet of runtimes sharing one ledger and one record table.
const pool = aTestPool();
let schema: string;
beforeEach(() => {
  schema = aSchemaName('fleet');
});
afterEach(async () => {
  await dropSchema(schema);
});
afterAll(async () => {
  await pool.end();
});

describe('a fleet on one PostgreSQL', () => {
  it(
    'lets 8 processes spend one run budget of 100 tool calls: exactly 100 allowed',
    async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, () => runWorker(['race', schema, 'race-run'])),
      );
      for (const result of results) expect([result.code, result.stderr]).toEqual([0, '']);
      const allowed = results.map((result) => Number(result.stdout.trim()));
      expect(allowed.reduce((sum, count) => sum + count, 0)).toBe(100);
      const ledger = await pool.query(
        `SELECT turns, tool_calls, dead FROM "${schema}".toolgate_ledger`,
      );
      expect(ledger.rows).toEqual([
        { turns: expect.any(Number) as number, tool_calls: 100, dead: true },
      ]);
    },
    deadline(150_000),
  );

  it(
    'takes 4 processes × 100 decisions: every row, no duplicate, each run in order',
    async () => {
      const results = await Promise.all(
        Array.from({ length: 4 }, () => runWorker(['load', schema, '100'])),
      );
      for (const result of results) expect([result.code, result.stderr]).toEqual([0, '']);
      const rows = await pool.query<{ run: string; type: string; turn: number }>(
        `SELECT run, type, turn FROM "${schema}".toolgate_records ORDER BY seq`,
      );
      expect(rows.rows).toHaveLength(400);
      const byRun = new Map<string, { type: string; turn: number }[]>();
      for (const { run, type, turn } of rows.rows)
        byRun.set(run, [...(byRun.get(run) ?? []), { type, turn }]);
      expect(byRun.size).toBe(4);
      for (const list of byRun.values()) {
        // Per run: turn 0, its dispatch, turn 1, its dispatch, … — in order, each once.
        expect(list).toEqual(
          Array.from({ length: 100 }, (_, n) => ({
            type: n % 2 === 0 ? 'turn' : 'dispatch',
            turn: Math.floor(n / 2),
          })),
        );
      }
    },
    deadline(150_000),
  );
});
