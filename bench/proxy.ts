/**
 * `npx tsx bench/proxy.ts [CALLS] [PROXY ARGS…]`: what `toolgate mcp` adds to a call of the
 * real filesystem MCP server (issue 14; target: at most 1 ms at the median).
 * Not part of `npm run bench` (it starts real processes); needs `dist/`
 * (`npx tsup --silent`). Prints, in one run:
 *
 * - direct: connect + initialize, and the median and p99 of CALLS `read_text_file` calls from an SDK client to
 *   the server over stdio;
 * - proxied: the same through `node dist/cli.js mcp` (stdio both ways), with the default
 *   SQLite store and with JSONL;
 * - added: proxied minus direct, and the ratio;
 * - toolgate's own share: the median of the same call decided in process by
 *   a run (both stages, realpath on), without any transport.
 */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createGate, createGrant, createRegistry, createRun } from '../src/index.js';

const CALLS = Number(process.argv[2] ?? 300);
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

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
};
const median = (values: number[]) => quantile(values, 0.5);

/** One side's figures: connect + initialize, and the median and p99 of CALLS calls after 20 warm-ups. */
interface Side {
  readonly connect: number;
  readonly median: number;
  readonly p99: number;
}

async function timeCalls(args: string[], name: string): Promise<Side> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  const opened = performance.now();
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' }),
  );
  const connect = performance.now() - opened;
  const times: number[] = [];
  for (let call = 0; call < CALLS + 20; call += 1) {
    const start = performance.now();
    const result = await client.callTool({ name, arguments: { path: file } });
    const took = performance.now() - start;
    if (result.isError === true) throw new Error(`the call failed: ${JSON.stringify(result)}`);
    if (call >= 20) times.push(took);
  }
  await client.close();
  return { connect, median: median(times), p99: quantile(times, 0.99) };
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

const direct = await timeCalls([fsServer, data], 'read_text_file');
const proxy = (extra: string[]) =>
  timeCalls(
    [join(root, 'dist/cli.js'), 'mcp', '--policy', policy, ...extra, ...EXTRA],
    'fs__read_text_file_v1',
  );
const sides: [string, Side][] = [
  ['direct', direct],
  ['proxy, SQLite (default)', await proxy([])],
  ['proxy, JSONL (fsync a line)', await proxy(['--records', `jsonl:${join(dir, 'r.jsonl')}`])],
];
const own = timeDecisions();
const fmt = (ms: number) => `${ms.toFixed(3)} ms`;
console.log(`calls per side: ${String(CALLS)} (after 20 warm-up calls)\n`);
console.log('| side | connect + initialize | median | p99 | added median | added p99 |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, side] of sides)
  console.log(
    `| ${name} | ${fmt(side.connect)} | ${fmt(side.median)} | ${fmt(side.p99)} | ${
      side === direct ? '-' : fmt(side.median - direct.median)
    } | ${side === direct ? '-' : fmt(side.p99 - direct.p99)} |`,
  );
console.log(
  `\ntargets (issue 32): added median <= 1 ms, added p99 <= 3 ms, connect <= 2x direct (${fmt(2 * direct.connect)})`,
);
console.log(`toolgate's own share: ${fmt(own)} (both stages, realpath on, in process)`);
