/**
 * `npx tsx bench/proxy.ts [CALLS] [PROXY ARGS…]`: what `toolgate mcp` adds to a call of the
 * real filesystem MCP server (issue 32; targets: at most 1 ms added at the median, 3 ms at
 * p99). `npm run bench` runs it after the case groups; alone it needs `dist/`
 * (`npx tsup --silent`). Prints, in one run:
 *
 * - direct: connect + initialize and connect + the first tools/list (medians of BENCH_PROXY_STARTS
 *   fresh starts, default 5), and the median, p99 and p99.9 of CALLS (default 5,000)
 *   `read_text_file` calls, after WARM_UP (BENCH_PROXY_WARM_UP, default 10,000) more, from an
 *   SDK client to the server over stdio (the sides take turns in blocks of BLOCK calls, so a
 *   slow spell of the machine falls on all alike);
 * - proxied: the same through `node dist/cli.js mcp` (stdio both ways), with the default
 *   SQLite store, with JSONL on disk, with JSONL on tmpfs (/dev/shm: the records cost about
 *   nothing, so this row is the proxy hop alone), and with PostgreSQL (TOOLGATE_BENCH_PG or
 *   the test database; a schema of its own, dropped after);
 * - added: proxied minus direct, against the targets, with a 95% interval from a bootstrap over
 *   rounds (each resample draws rounds with replacement and takes both sides' calls of each, so
 *   a slow spell stays paired): `pass` when the whole interval meets the target, `**MISS**` when
 *   none of it does, `~` when the target lies inside it (this run cannot tell);
 * - the first FIRST (2,000) calls of each side, the same figures again: what an agent's first
 *   calls through a fresh proxy meet while every process's JIT still compiles;
 * - toolgate's own share: the median of the same call decided in process by
 *   a run (both stages, realpath on), without any transport.
 */
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createGate, createGrant, createRegistry, createRun } from '../src/index.js';

const CALLS = Number(process.argv[2] ?? 5000);
/**
 * Calls each side makes before the timed ones (BENCH_PROXY_WARM_UP, default 10,000), so every
 * process is measured with its JIT settled. Measured 2026-12-05, one side at a time with no
 * warm-up, per window of 2,000 calls: direct's p99 fell from 6.9 ms (the first 2,000) to 1.1 ms
 * (from 4,000) and 0.5-0.7 ms (from 6,000 on); the SQLite side's from 9.5 to 2.4-3.0 ms (from
 * 6,000 on); V8 still optimized a few functions a second after 10,000 calls. With 300 warm-up
 * calls, as before, the timed calls measured the compiler more than the hop: the proxy's four
 * compiler threads used 0.2 ms of CPU a call, as much as half its main thread.
 */
const WARM_UP = Number(process.env.BENCH_PROXY_WARM_UP ?? 10_000);
if (!Number.isSafeInteger(WARM_UP) || WARM_UP < 0)
  throw new Error(
    `BENCH_PROXY_WARM_UP is "${String(process.env.BENCH_PROXY_WARM_UP)}": give a whole number of calls, 0 or more`,
  );
/** The warm-up calls reported on their own: what an agent's first calls through a fresh proxy meet. */
const FIRST = Math.min(2000, WARM_UP);
/** Extra `toolgate mcp` arguments, e.g. `--records jsonl:/dev/shm/r.jsonl` to see the records' share. */
const EXTRA = process.argv.slice(3);
const root = resolve(import.meta.dirname, '..');
const fsServer = join(root, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
const dir = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-bench-proxy-')));
const data = join(dir, 'data');
mkdirSync(data);
const file = join(data, 'a.txt');
writeFileSync(file, 'hello\n');
const policy = join(dir, 'policy.yaml');
writeFileSync(
  policy,
  JSON.stringify({
    version: 1,
    servers: {
      fs: {
        command: process.execPath,
        args: [fsServer, data],
        tools: { read_text_file: { resources: [{ kind: 'path', at: '/path', access: 'read' }] } },
      },
    },
    grants: { default: { tools: ['fs/read_text_file@1'], folders: [data] } },
  }),
);

const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
};
const median = (values: readonly number[]) => quantile(values, 0.5);

/** Fresh starts per side: connect + initialize and the first tools/list are the medians over these. */
const STARTS = Number(process.env.BENCH_PROXY_STARTS ?? 5) || 5;

/**
 * One side's figures: connect + initialize and connect + the first tools/list (medians of
 * STARTS fresh starts), and the median, p99 and p99.9 of CALLS calls after WARM_UP warm-ups.
 */
interface Side {
  readonly connect: number;
  readonly listed: number;
  readonly median: number;
  readonly p99: number;
  readonly p999: number;
  /** The side's call times, in the order taken: round r is calls [r × BLOCK, (r + 1) × BLOCK). */
  readonly times: readonly number[];
  /** The times of its first FIRST warm-up calls, in the same rounds. */
  readonly first: readonly number[];
}

/** A side after its starts: their medians, and the last start's client, left open for the calls. */
interface Started {
  readonly connect: number;
  readonly listed: number;
  readonly client: Client;
  readonly name: string;
}

async function startSide(args: string[], name: string): Promise<Started> {
  const connects: number[] = [];
  const lists: number[] = [];
  for (let start = 0; ; start += 1) {
    const client = new Client({ name: 'bench', version: '1.0.0' });
    const opened = performance.now();
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' }),
    );
    connects.push(performance.now() - opened);
    const { tools } = await client.listTools();
    lists.push(performance.now() - opened);
    if (!tools.some((tool) => tool.name === name)) throw new Error(`${name} is not listed`);
    if (start === STARTS - 1)
      return { connect: median(connects), listed: median(lists), client, name };
    await client.close();
  }
}

async function callOnce(side: Started): Promise<number> {
  const began = performance.now();
  const result = await side.client.callTool({ name: side.name, arguments: { path: file } });
  const took = performance.now() - began;
  if (result.isError === true) throw new Error(`the call failed: ${JSON.stringify(result)}`);
  return took;
}

/** Calls each side makes in a row before the next side's turn. */
const BLOCK = 100;

/**
 * `calls` calls of every side, in blocks: BLOCK calls of one side, then BLOCK of the next, the
 * order turning each round. Within a block a side runs hot, as under an agent calling back to
 * back; across blocks, a slow spell of the machine (another process, the disk) falls on every
 * side alike instead of on whichever side ran then.
 */
async function timeInBlocks(sides: readonly Started[], calls: number): Promise<number[][]> {
  const times = sides.map((): number[] => []);
  for (let round = 0; round * BLOCK < calls; round += 1)
    for (let turn = 0; turn < sides.length; turn += 1) {
      const index = (round + turn) % sides.length;
      const side = sides[index] as Started;
      const taken = times[index] as number[];
      for (let call = 0; call < BLOCK && taken.length < calls; call += 1)
        taken.push(await callOnce(side));
    }
  return times;
}

function timeDecisions(): number {
  const registry = createRegistry({ builtins: 'none' });
  registry.register({
    name: 'fs/read_text_file',
    version: 1,
    kind: 'mcp',
    description: 'Reads a file.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    resources: [{ kind: 'path', at: '/path', access: 'read' }],
  });
  const gate = createGate({ registry, realpath: 'node' });
  const grant = createGrant({ tools: ['fs/read_text_file@1'], folders: [data] });
  const run = createRun({ gate, grant });
  const turn = { calls: [{ tool: 'fs/read_text_file', version: 1, arguments: { path: file } }] };
  const times: number[] = [];
  for (let call = 0; call < CALLS * 10; call += 1) {
    const start = performance.now();
    const record = run.propose(turn);
    const authorized = record.calls?.[0];
    if (authorized === undefined || !run.dispatch(authorized).allowed) throw new Error('refused');
    times.push(performance.now() - start);
  }
  return median(times);
}

/**
 * BENCH_PROXY_SIDES: which proxied sides to run besides direct, a comma list of `sqlite`,
 * `jsonl`, `tmpfs` and `pg` (default: all four). Every side started stays alive until the
 * end, idle while another side is timed; fewer sides show what the idle ones cost the timed one.
 */
const SIDES = new Set((process.env.BENCH_PROXY_SIDES ?? 'sqlite,jsonl,tmpfs,pg').split(','));
for (const side of SIDES)
  if (!['sqlite', 'jsonl', 'tmpfs', 'pg'].includes(side))
    throw new Error(
      `BENCH_PROXY_SIDES names "${side}": give a comma list of sqlite, jsonl, tmpfs and pg`,
    );
const started: [string, Started][] = [
  ['direct', await startSide([fsServer, data], 'read_text_file')],
];
const proxy = (extra: string[]) =>
  startSide(
    [join(root, 'dist/cli.js'), 'mcp', '--policy', policy, ...extra, ...EXTRA],
    'fs__read_text_file_v1',
  );
if (SIDES.has('sqlite')) started.push(['proxy, SQLite (default)', await proxy([])]);
if (SIDES.has('jsonl'))
  started.push([
    'proxy, JSONL on disk (an fsync a commit)',
    await proxy(['--records', `jsonl:${join(dir, 'r.jsonl')}`]),
  ]);
const shm =
  SIDES.has('tmpfs') && existsSync('/dev/shm')
    ? mkdtempSync('/dev/shm/toolgate-bench-')
    : undefined;
if (shm !== undefined)
  started.push([
    'proxy, JSONL on tmpfs (the hop alone)',
    await proxy(['--records', `jsonl:${join(shm, 'r.jsonl')}`]),
  ]);
const pgUrl = process.env.TOOLGATE_BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `toolgate_bench_${String(process.pid)}`;
let sides: [string, Side][];
try {
  if (SIDES.has('pg'))
    try {
      started.push(['proxy, PostgreSQL', await proxy(['--records', `${pgUrl}?schema=${schema}`])]);
    } catch (error) {
      console.log(`(no PostgreSQL row: ${String(error)})`);
    }
  const warming = await timeInBlocks(
    started.map(([, side]) => side),
    WARM_UP,
  );
  const times = await timeInBlocks(
    started.map(([, side]) => side),
    CALLS,
  );
  await Promise.all(started.map(([, side]) => side.client.close()));
  sides = started.map(([name, side], index) => {
    const taken = times[index] ?? [];
    return [
      name,
      {
        connect: side.connect,
        listed: side.listed,
        median: median(taken),
        p99: quantile(taken, 0.99),
        p999: quantile(taken, 0.999),
        times: taken,
        first: (warming[index] ?? []).slice(0, FIRST),
      },
    ];
  });
} finally {
  if (shm !== undefined) rmSync(shm, { recursive: true, force: true });
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: pgUrl });
  await client
    .connect()
    .then(() => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`))
    .catch(() => undefined)
    .finally(() => client.end().catch(() => undefined));
}
const direct = sides[0]?.[1] as Side;
const own = timeDecisions();
const fmt = (ms: number) => `${ms.toFixed(3)} ms`;
const status = (value: number, target: number) =>
  `${fmt(value)} ${value <= target ? 'pass' : '**MISS**'}`;

/** Resamples of the rounds for the intervals. */
const RESAMPLES = 1000;
/** A deterministic generator (mulberry32), so a run's intervals can be computed again. */
let seed = 0x70_6f_78_79;
const random = () => {
  seed = (seed + 0x6d_2b_79_f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const picked = (times: readonly number[], drawn: readonly number[]) =>
  drawn.flatMap((round) => times.slice(round * BLOCK, (round + 1) * BLOCK));
/** Which of a side's calls a figure is over: the timed ones, or the first warm-up calls. */
type Phase = 'times' | 'first';
/** `proxied`'s added quantile `q` over direct, with its 95% interval over resampled rounds. */
function added(proxied: Side, phase: Phase, q: number, target: number): string {
  const mine = proxied[phase];
  const theirs = direct[phase];
  const rounds = Math.ceil(theirs.length / BLOCK);
  const point = quantile(mine, q) - quantile(theirs, q);
  const estimates: number[] = [];
  for (let resample = 0; resample < RESAMPLES; resample += 1) {
    const drawn = Array.from({ length: rounds }, () => Math.floor(random() * rounds));
    estimates.push(quantile(picked(mine, drawn), q) - quantile(picked(theirs, drawn), q));
  }
  const low = quantile(estimates, 0.025);
  const high = quantile(estimates, 0.975);
  const verdict = high <= target ? 'pass' : low > target ? '**MISS**' : '~';
  return `${fmt(point)} (${low.toFixed(2)}–${high.toFixed(2)}) ${verdict}`;
}
console.log(
  `calls per side: ${String(CALLS)}, in turns of ${String(BLOCK)}, after ${String(WARM_UP)} warm-up calls each in the same turns; starts per side: ${String(STARTS)} (medians)\n`,
);
console.log(
  `| side | connect + initialize (target <= ${fmt(2 * direct.connect)}) | to the first tools/list (2x direct: ${fmt(2 * direct.listed)}) | median | p99 | p99.9 | added median (target <= 1 ms; 95% interval) | added p99 (target <= 3 ms; 95% interval) |`,
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const [name, side] of sides)
  console.log(
    side === direct
      ? `| ${name} | ${fmt(side.connect)} | ${fmt(side.listed)} | ${fmt(side.median)} | ${fmt(side.p99)} | ${fmt(side.p999)} | - | - |`
      : `| ${name} | ${status(side.connect, 2 * direct.connect)} | ${status(side.listed, 2 * direct.listed)} | ${fmt(side.median)} | ${fmt(side.p99)} | ${fmt(side.p999)} | ${added(side, 'times', 0.5, 1)} | ${added(side, 'times', 0.99, 3)} |`,
  );
if (FIRST > 0) {
  console.log(
    `\nThe first ${String(FIRST)} calls of each side (the first of the warm-up, the same turns; every process's JIT still compiling):\n`,
  );
  console.log(
    '| side | median | p99 | p99.9 | added median (target <= 1 ms; 95% interval) | added p99 (target <= 3 ms; 95% interval) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, side] of sides)
    console.log(
      `| ${name} | ${fmt(median(side.first))} | ${fmt(quantile(side.first, 0.99))} | ${fmt(quantile(side.first, 0.999))} | ${side === direct ? '- | -' : `${added(side, 'first', 0.5, 1)} | ${added(side, 'first', 0.99, 3)}`} |`,
    );
}
console.log(`\ntoolgate's own share: ${fmt(own)} (both stages, realpath on, in process)`);
console.log(
  `intervals: ${String(RESAMPLES)} resamples of a table's rounds of ${String(BLOCK)} calls; pass: the whole interval meets the target; **MISS**: none of it does; ~: the target lies inside it`,
);
rmSync(dir, { recursive: true, force: true });
