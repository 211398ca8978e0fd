/**
 * `npm run bench`: runs every case file in fresh Node processes, several
 * times over, and writes BENCHMARKS.md from what they report. Not a test:
 * nothing here fails on a time; a case fails only when an engine decides
 * wrongly before timing.
 *
 * The case files are compiled first with esbuild (the compiler tsup uses
 * for the package), into node_modules/.cache/toolgate-bench, and run with
 * plain `node`: toolgate is measured as compiled output, the way users run
 * it, not through tsx, whose keep-names transform adds a call each time a
 * named closure is created.
 *
 * Options (environment): BENCH_PROCESSES (fresh processes per case, default
 * 3), BENCH_ROUNDS, BENCH_ROUND_MS, BENCH_WARMUP_MS (per process), and
 * BENCH_ONLY (comma-separated group ids, `proxy` and `fleet` among them, for
 * working on one case; the report is then printed, not written).
 * `npm run bench` builds dist/ first: the cold-start case and bench/proxy.ts
 * start the built package and CLI.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { RESULT_MARK, type CaseResult } from './lib/child.js';
import { describeMachine, renderReport } from './lib/report.js';

/** One case file and its arguments; each run of it is a fresh process. */
interface Group {
  readonly id: string;
  readonly script: string;
  readonly args?: readonly string[];
  readonly nodeFlags?: readonly string[];
}

/**
 * For the groups that run cedar-wasm beside JavaScript engines in one process. Node 20's
 * V8 inlines the JS-to-Wasm call into its JavaScript caller; when a callback from inside
 * Wasm (cedar-wasm builds its answer objects from JavaScript) invalidates that caller's
 * code, the lazy deopt through the inlined call hits V8's UNREACHABLE (Fatal error
 * "unreachable code" in Deoptimizer::DoComputeBuiltinContinuation, exit 133): seen here
 * once toolgate checkDispatch and both Cedar engines shared a process. Not inlining that
 * one call keeps it out; it leaves every JavaScript engine as it was and costs Cedar a
 * wrapper call per decision.
 */
const WASM_SAFE = ['--no-turbo-inline-js-wasm-calls'];

const GROUPS: readonly Group[] = [
  { id: 'decision-10', script: 'cases/decision.ts', args: ['10'], nodeFlags: WASM_SAFE },
  { id: 'decision-1000', script: 'cases/decision.ts', args: ['1000'], nodeFlags: WASM_SAFE },
  { id: 'pipeline', script: 'cases/pipeline.ts', nodeFlags: WASM_SAFE },
  { id: 'turns', script: 'cases/turns.ts' },
  { id: 'scale-grant', script: 'cases/scale.ts', args: ['grant'] },
  { id: 'scale-registry', script: 'cases/scale.ts', args: ['registry'] },
  { id: 'menu', script: 'cases/menu.ts' },
  { id: 'network', script: 'cases/network.ts' },
  { id: 'memory', script: 'cases/memory.ts', nodeFlags: ['--expose-gc'] },
  { id: 'denies', script: 'cases/denies.ts' },
  { id: 'schema-cost', script: 'cases/schemaCost.ts' },
  { id: 'slow-inputs', script: 'cases/slowInputs.ts' },
  { id: 'registry-scale', script: 'cases/registryScale.ts', nodeFlags: ['--expose-gc'] },
  { id: 'cold-start', script: 'cases/coldStart.ts' },
];

const root = fileURLToPath(new URL('..', import.meta.url));
/** Inside node_modules, so the compiled cases resolve ajv and the peers from the project's node_modules. */
const outdir = fileURLToPath(new URL('../node_modules/.cache/toolgate-bench', import.meta.url));
const processes = Math.max(1, Number(process.env.BENCH_PROCESSES ?? 3) || 3);
const only = process.env.BENCH_ONLY?.split(',').filter((id) => id !== '');
const groups = only === undefined ? GROUPS : GROUPS.filter((group) => only.includes(group.id));

/** Compiles every case file once: bundled with src, packages left to node_modules, names not kept. */
async function compileCases(): Promise<void> {
  const scripts = [...new Set(groups.map((group) => group.script))];
  await build({
    entryPoints: scripts.map((script) => `${root}bench/${script}`),
    outdir,
    outbase: `${root}bench/cases`,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
}

/** Runs one compiled case file in a fresh Node process and reads its result line. */
function runGroup(group: Group): Promise<CaseResult> {
  const compiled = `${outdir}/${group.script.replace(/^cases\//, '').replace(/\.ts$/, '.mjs')}`;
  const args = [...(group.nodeFlags ?? []), compiled, ...(group.args ?? [])];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((text) => text.startsWith(RESULT_MARK));
      if (code !== 0 || line === undefined) {
        reject(
          new Error(
            `bench/${group.script} ${(group.args ?? []).join(' ')} exited with ${String(code)}\n${out}`,
          ),
        );
        return;
      }
      resolve(JSON.parse(line.slice(RESULT_MARK.length)) as CaseResult);
    });
  });
}

/**
 * The whole-process benchmarks of issue 32, run once each after the case groups (they start
 * real processes and a database, so not three times over): what `toolgate mcp` adds to a
 * call of the real filesystem server, and four processes recording into one PostgreSQL
 * table. Each prints markdown, kept as it is in the report; a failure is reported, not fatal.
 */
const SCRIPTS: readonly { readonly id: string; readonly title: string; readonly script: string }[] =
  [
    { id: 'proxy', title: 'MCP proxy latency (bench/proxy.ts)', script: 'bench/proxy.ts' },
    {
      id: 'fleet',
      title: 'Records throughput: 4 × 10,000 decisions into one PostgreSQL table (bench/fleet.ts)',
      script: 'bench/fleet.ts',
    },
  ];
const scripts = only === undefined ? SCRIPTS : SCRIPTS.filter((one) => only.includes(one.id));

/** Runs one script under tsx; resolves its markdown, or why it could not be measured. */
function runScript(script: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', (error) => {
      resolve(`not measured: ${error.message}`);
    });
    child.on('close', (code) => {
      const why = (err.trim().split('\n')[0] ?? '').slice(0, 300);
      resolve(
        code === 0 ? out.trim() : `not measured: exit ${String(code)}: ${why}\n\n${out.trim()}`,
      );
    });
  });
}

const started = performance.now();
const machine = describeMachine();
await compileCases();
const results = new Map<string, CaseResult[]>();
// Process by process, every group once, then again: drift in the machine's speed hits every group alike.
for (let run = 1; run <= processes; run++) {
  for (const group of groups) {
    const groupStart = performance.now();
    const result = await runGroup(group);
    results.set(group.id, [...(results.get(group.id) ?? []), result]);
    process.stderr.write(
      `[${run}/${processes}] ${group.id}: ${((performance.now() - groupStart) / 1000).toFixed(1)} s\n`,
    );
  }
}

const sections: string[] = [];
for (const { title, script } of scripts) {
  const scriptStart = performance.now();
  sections.push(`## ${title}`, '', await runScript(script), '');
  process.stderr.write(`${script}: ${((performance.now() - scriptStart) / 1000).toFixed(1)} s\n`);
}

const report = renderReport({
  machine,
  loadAfter: describeMachine().loadAverage,
  seconds: (performance.now() - started) / 1000,
  processes,
  results,
  sections,
});
if (only === undefined) {
  writeFileSync(new URL('../BENCHMARKS.md', import.meta.url), report);
  process.stdout.write(
    `${report.slice(report.indexOf('## Ratios'), report.indexOf('\n## ', report.indexOf('## Ratios') + 1))}\n${sections.join('\n')}\nwrote BENCHMARKS.md\n`,
  );
} else {
  process.stdout.write(report);
}
