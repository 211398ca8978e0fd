/**
 * `npx tsx bench/proxy.ts [CALLS] [PROXY ARGS…]`: what `toolgate mcp` adds to a call of the
 * real filesystem MCP server (issue 14; target: at most 1 ms at the median).
 * Not part of `npm run bench` (it starts real processes); needs `dist/`
 * (`npx tsup --silent`). Prints, in one run:
 *
 * - direct: the median of CALLS `read_text_file` calls from an SDK client to
 *   the server over stdio;
 * - proxied: the same calls through `node dist/cli.js mcp` (stdio both ways);
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function timeCalls(args: string[], name: string): Promise<number> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' }),
  );
  const times: number[] = [];
  for (let call = 0; call < CALLS + 20; call += 1) {
    const start = performance.now();
    const result = await client.callTool({ name, arguments: { path: file } });
    const took = performance.now() - start;
    if (result.isError === true) throw new Error(`the call failed: ${JSON.stringify(result)}`);
    if (call >= 20) times.push(took);
  }
  await client.close();
  return median(times);
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
const proxied = await timeCalls(
  [join(root, 'dist/cli.js'), 'mcp', '--policy', policy, ...EXTRA],
  'fs__read_text_file_v1',
);
const own = timeDecisions();
const fmt = (ms: number) => `${ms.toFixed(3)} ms`;
console.log(`calls per side:         ${String(CALLS)}`);
console.log(`direct median:          ${fmt(direct)}`);
console.log(`through the proxy:      ${fmt(proxied)}`);
console.log(
  `added by the proxy:     ${fmt(proxied - direct)} (ratio ${(proxied / direct).toFixed(2)})`,
);
console.log(`toolgate's own share:   ${fmt(own)} (both stages, realpath on, in process)`);
