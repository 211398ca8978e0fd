/**
 * `npx tsx bench/records.ts`: records per second into each store, side by
 * side in one run: memory, JSONL (fsync per line), SQLite (WAL; the default
 * durability 'process', synchronous NORMAL, and 'power', synchronous FULL) and PostgreSQL (127.0.0.1:5432, or TOOLGATE_TEST_PG), one row per
 * write and in batches of 100; then what recording adds to a decision
 * (propose + dispatch of one call) per store. Not a test: nothing fails on
 * a time. BENCH_RECORDS_MS sets the time per measurement (default 1500).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createMemorySink,
  type AuthorizedCall,
  type RecordSink,
  type RunEntry,
} from '../src/index.js';
import { createJsonlFileSink } from '../src/node/index.js';
import { createPostgresSink } from '../src/postgres/index.js';
import { createSqliteSink } from '../src/sqlite/index.js';
import { SEARCH_TURN, aRun } from '../test/helpers/runBuilders.js';
import { PG_URL, aSchemaName, dropSchema } from '../test/helpers/postgres.js';

const BUDGET_MS = Number(process.env.BENCH_RECORDS_MS ?? 1500);
const dir = mkdtempSync(join(tmpdir(), 'toolgate-bench-records-'));
const schema = aSchemaName('bench');

const entry = (n: number): RunEntry => ({
  type: 'dispatch',
  run: 'bench',
  turn: n,
  dispatch: { callIndex: 0, ref: 'search@1', allowed: true, digest: `sha256:${'0'.repeat(64)}` },
});

/** Runs `step` (which handles `count` records) until the budget is spent; records per second. */
async function rate(count: number, step: (n: number) => unknown): Promise<number> {
  const start = performance.now();
  let done = 0;
  while (performance.now() - start < BUDGET_MS) {
    await step(done);
    done += count;
  }
  return (done * 1000) / (performance.now() - start);
}

const batch = (n: number) => Array.from({ length: 100 }, (_, i) => entry(n + i));
const rows: [string, string, string][] = [];
const show = (value: number) => Math.round(value).toLocaleString('en-US');

const memory = createMemorySink();
const jsonl = createJsonlFileSink(join(dir, 'records.jsonl'));
const sqlite = createSqliteSink(join(dir, 'records.db'));
const sqlitePower = createSqliteSink(join(dir, 'records-power.db'), { durability: 'power' });
const postgres = await createPostgresSink({ connectionString: PG_URL, schema });
try {
  rows.push(['memory', show(await rate(1, (n) => memory.write(entry(n)))), '-']);
  rows.push(['JSONL (fsync)', show(await rate(1, (n) => jsonl.write(entry(n)))), '-']);
  rows.push([
    'SQLite',
    show(await rate(1, (n) => sqlite.write(entry(n)))),
    show(
      await rate(100, (n) => {
        sqlite.writeMany(batch(n));
      }),
    ),
  ]);
  rows.push([
    "SQLite, durability 'power' (fsync)",
    show(await rate(1, (n) => sqlitePower.write(entry(n)))),
    show(
      await rate(100, (n) => {
        sqlitePower.writeMany(batch(n));
      }),
    ),
  ]);
  rows.push([
    'PostgreSQL',
    show(await rate(1, (n) => postgres.write(entry(n)))),
    show(await rate(100, (n) => postgres.writeMany(batch(n)))),
  ]);
  console.log('records per second\n');
  console.log('| store | per row | batched (100 a transaction) |\n|---|---:|---:|');
  for (const [store, one, many] of rows) console.log(`| ${store} | ${one} | ${many} |`);

  // A decision: propose one call, dispatch it. Without a sink, then with each.
  const decide = async (sink: RecordSink | undefined): Promise<number> => {
    const { run } = aRun(sink === undefined ? {} : { run: { sink } });
    const rateOf = await rate(1, async () => {
      const turn =
        sink?.async === true ? await run.proposeAsync(SEARCH_TURN) : run.propose(SEARCH_TURN);
      const call = (turn.calls as readonly AuthorizedCall[])[0];
      if (sink?.async === true) await run.dispatchAsync(call);
      else run.dispatch(call);
    });
    return 1_000_000 / rateOf;
  };
  console.log('\nmicroseconds per decision (propose + dispatch of one call, two records)\n');
  console.log('| sink | µs |\n|---|---:|');
  for (const [name, sink] of [
    ['none', undefined],
    ['memory', createMemorySink()],
    ['JSONL (fsync)', jsonl],
    ['SQLite', sqlite],
    ["SQLite, durability 'power'", sqlitePower],
    ['PostgreSQL', postgres],
  ] as const)
    console.log(`| ${name} | ${show(await decide(sink))} |`);
} finally {
  jsonl.close();
  sqlite.close();
  sqlitePower.close();
  await postgres.close();
  await dropSchema(schema);
  rmSync(dir, { recursive: true, force: true });
}
