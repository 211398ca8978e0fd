/**
 * Scale case: the same upload call authorized against grants with 10 to
 * 100,000 entries in every list (argv[2] = "grant"), or against registries
 * of 10 to 100,000 tools (argv[2] = "registry"). The real entries sit in the
 * middle. Decision cost must stay flat: 100k versus 10 at most 1.3x.
 *
 * The sizes are measured interleaved, all held in one process: that isolates
 * what the size costs the decision itself. The smallest size is also
 * measured alone first, before the larger ones exist, so the report shows
 * what a large heap costs the whole process too (its GC, its caches).
 */
import { createGate, createGrant, createRegistry, type Registry } from '../../src/index.js';
import { emit, timedOptions, verify } from '../lib/child.js';
import { measureTimed, type BenchCase, type Measurement } from '../lib/measure.js';
import {
  HOST,
  inputSchema,
  refusedTurns,
  ROOT,
  SECRET,
  TOOL,
  uploadTurns,
} from '../peers/pipelineCase.js';

const SIZES = [10, 100, 1_000, 10_000, 100_000];
const kind = process.argv[2] === 'registry' ? 'registry' : 'grant';
const REF = `${TOOL}@1`;

/** N items, the real one in the middle. */
const listOf = (n: number, real: string, filler: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => (i === Math.floor(n / 2) ? real : filler(i)));

/** A registry of N tools: fillers around the upload tool. */
function registryOf(n: number): Registry {
  const registry = createRegistry({ builtins: 'none' });
  for (let i = 0; i < n; i++) {
    if (i === Math.floor(n / 2)) {
      registry.register({
        name: TOOL,
        version: 1,
        description: 'Uploads a file to a URL with a token.',
        inputSchema,
        resources: [
          { kind: 'url', at: '/url' },
          { kind: 'path', at: '/path', access: 'read' },
          { kind: 'secret', at: '/secret' },
        ],
      });
    } else {
      registry.register({
        name: `filler/tool-${i}`,
        version: 1,
        description: 'A filler tool.',
        inputSchema: { type: 'object' },
      });
    }
  }
  return registry;
}

/** A grant with N entries in each of tools, folders, network and secrets. */
function grantOf(n: number) {
  return createGrant({
    tools: listOf(n, REF, (i) => `filler/tool-${i}@1`),
    folders: listOf(n, ROOT, (i) => `/data/folder-${i}`),
    network: listOf(n, HOST, (i) => `api-${i}.filler.example.com`),
    secrets: listOf(n, SECRET, (i) => `FILLER_SECRET_${i}`),
  });
}

const turns = uploadTurns(64);
const small = { registry: registryOf(1), grant: grantOf(1) };
const smallGate = createGate({ registry: small.registry });
const cases: BenchCase[] = [];
let alone: Measurement | undefined;
for (const n of SIZES) {
  const started = performance.now();
  const registry = kind === 'registry' ? registryOf(n) : small.registry;
  const grant = kind === 'grant' ? grantOf(n) : small.grant;
  process.stderr.write(
    `  ${kind} of ${n}: built in ${Math.round(performance.now() - started)} ms\n`,
  );
  // Grants of every size share one gate, so only the grant differs between their cases.
  const gate = kind === 'grant' ? smallGate : createGate({ registry });
  const context = { grant, cwd: ROOT };
  const decide = (turn: unknown) => gate.authorize(turn, context).settled === 'tool';
  turns.forEach((turn, i) => {
    verify(`${kind} of ${n}, turn ${i}`, decide(turn), true);
  });
  refusedTurns().forEach((turn, i) => {
    verify(`${kind} of ${n}, refused turn ${i}`, decide(turn), false);
  });
  const operation = (i: number) => decide(turns[i % turns.length]);
  alone ??= measureTimed(
    [{ name: `${kind} of ${n}, alone (before the larger ones are built)`, operation }],
    timedOptions(),
  )[0];
  cases.push({ name: `${kind} of ${n}`, operation });
}

emit({
  group: `scale-${kind}`,
  cases: [...(alone === undefined ? [] : [alone]), ...measureTimed(cases, timedOptions())],
});
