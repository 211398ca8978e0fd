import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { aSchemaName, aTestPool, dropSchema } from '../helpers/postgres.js';
import { startWorker } from '../helpers/spawnWorker.js';
import { aTempDir } from '../helpers/scratch.js';
import { deadline } from '../helpers/testEnv.js';

const pool = aTestPool();
const dir = aTempDir('kill');
const schema = aSchemaName('kill');
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await dropSchema(schema);
  await pool.end();
});

/** Starts a writer, kills it with SIGKILL once it acknowledged `after` rows, and returns how many it acknowledged. */
function killMidWrite(store: string, after: number): Promise<number> {
  const child = startWorker(['write', store]);
  let acknowledged = 0;
  let buffered = '';
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      reject(new Error(chunk.toString('utf8')));
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      acknowledged += lines.filter((line) => line.startsWith('ok ')).length;
      if (acknowledged >= after) child.kill('SIGKILL');
    });
    child.on('close', () => {
      resolve(acknowledged);
    });
  });
}

/** Every stored row is whole (its record parses, padding intact) and the turns run 0..n-1. */
function expectWholeRows(rows: readonly { turn: number; record: unknown }[], acknowledged: number) {
  expect(rows.length).toBeGreaterThanOrEqual(acknowledged);
  // At most the one write in flight when the process died is there unacknowledged.
  expect(rows.length).toBeLessThanOrEqual(acknowledged + 1);
  rows.forEach((row, index) => {
    expect(row.turn).toBe(index);
    const record = (typeof row.record === 'string' ? JSON.parse(row.record) : row.record) as {
      padding: string;
    };
    expect(record.padding).toHaveLength(4000);
  });
}

describe('a writer killed with SIGKILL mid-write', () => {
  it(
    'leaves SQLite with every acknowledged row and no partial one',
    async () => {
      const file = join(dir, 'records.db');
      const acknowledged = await killMidWrite(`sqlite:${file}`, 300);
      const db = new Database(file);
      const rows = db.prepare('SELECT turn, record FROM toolgate_records ORDER BY seq').all() as {
        turn: number;
        record: string;
      }[];
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.close();
      expectWholeRows(rows, acknowledged);
    },
    deadline(30_000),
  );

  it(
    'leaves PostgreSQL with every acknowledged row and no partial one',
    async () => {
      const acknowledged = await killMidWrite(schema, 100);
      const rows = await pool.query<{ turn: number; record: unknown }>(
        `SELECT turn, record FROM "${schema}".toolgate_records ORDER BY seq`,
      );
      expectWholeRows(rows.rows, acknowledged);
    },
    deadline(30_000),
  );
});
