/**
 * `npx tsx bench/fleet.ts [PROCESSES] [DECISIONS]` (default 4 × 10,000): a fleet of runtimes
 * recording into one PostgreSQL table (issue 32). Each process (the store worker of the
 * tests, test/fixtures/stores/worker.ts `load`) makes DECISIONS decisions on its own run —
 * half turns, each dispatched — through `createPostgresSink` at once with the others. Then it
 * checks every row is there, none twice, each run's rows in order, and prints rows per
 * second, overall and per process. Needs PostgreSQL (127.0.0.1:5432, or TOOLGATE_TEST_PG); a
 * schema of its own, dropped after. Not a test: nothing fails on a time, but a lost,
 * doubled or reordered row exits 1.
 */
import { performance } from 'node:perf_hooks';
import { aSchemaName, aTestPool, dropSchema } from '../test/helpers/postgres.js';
import { runWorker } from '../test/helpers/spawnWorker.js';

const PROCESSES = Number(process.argv[2] ?? 4);
const DECISIONS = Number(process.argv[3] ?? 10_000);
const schema = aSchemaName('fleet');
const pool = aTestPool();
const problems: string[] = [];
try {
  const start = performance.now();
  const results = await Promise.all(
    Array.from({ length: PROCESSES }, async () => {
      const began = performance.now();
      const result = await runWorker(['load', schema, String(DECISIONS)]);
      return { ...result, ms: performance.now() - began };
    }),
  );
  const wall = performance.now() - start;
  for (const { code, stderr } of results)
    if (code !== 0) problems.push(`a worker exited ${String(code)}: ${stderr}`);
  const rows = await pool.query<{ run: string; type: string; turn: number }>(
    `SELECT run, type, turn FROM "${schema}".toolgate_records ORDER BY seq`,
  );
  const byRun = new Map<string, { type: string; turn: number }[]>();
  for (const { run, type, turn } of rows.rows)
    byRun.set(run, [...(byRun.get(run) ?? []), { type, turn }]);
  if (rows.rows.length !== PROCESSES * DECISIONS)
    problems.push(`${String(rows.rows.length)} rows, not ${String(PROCESSES * DECISIONS)}`);
  if (byRun.size !== PROCESSES)
    problems.push(`${String(byRun.size)} runs, not ${String(PROCESSES)}`);
  for (const [run, list] of byRun)
    list.forEach((row, n) => {
      const want = { type: n % 2 === 0 ? 'turn' : 'dispatch', turn: Math.floor(n / 2) };
      if (row.type !== want.type || row.turn !== want.turn)
        problems.push(
          `${run} row ${String(n)} is ${JSON.stringify(row)}, not ${JSON.stringify(want)}`,
        );
    });
  const perProcess = results.map(({ ms }) => (DECISIONS / ms) * 1000);
  console.log(
    `| processes × decisions | rows | wall time | rows/s, all | rows/s per process (min–max) | check |`,
  );
  console.log('|---|---:|---:|---:|---:|---|');
  console.log(
    `| ${String(PROCESSES)} × ${DECISIONS.toLocaleString('en')} | ${rows.rows.length.toLocaleString('en')} | ${(wall / 1000).toFixed(1)} s | ${Math.round((rows.rows.length / wall) * 1000).toLocaleString('en')} | ${Math.round(Math.min(...perProcess)).toLocaleString('en')}–${Math.round(Math.max(...perProcess)).toLocaleString('en')} | ${problems.length === 0 ? 'every row, none twice, each run in order' : '**FAILED**'} |`,
  );
  console.log(
    '\n(process start and the PostgreSQL schema migration are inside the wall time; every record is one awaited INSERT)',
  );
} finally {
  await pool.end();
  await dropSchema(schema);
}
for (const problem of problems.slice(0, 10)) console.error(problem);
process.exitCode = problems.length === 0 ? 0 : 1;
