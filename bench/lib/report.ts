/**
 * Renders BENCHMARKS.md from the case processes' results: the machine, every
 * figure (min / median / max), and the ratio table with targets.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import type { CaseResult } from './child.js';
import { median } from './measure.js';

/** The machine the run happened on. */
export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGiB: number;
  readonly node: string;
  readonly os: string;
  readonly loadAverage: string;
}

export function describeMachine(): Machine {
  const all = cpus();
  return {
    cpu: all[0]?.model.trim() ?? 'unknown',
    cores: all.length,
    memoryGiB: totalmem() / 2 ** 30,
    node: process.version,
    os: `${platform()} ${release()}`,
    loadAverage: loadavg()
      .map((value) => value.toFixed(2))
      .join(', '),
  };
}

/** A ratio of two cases of one group, computed inside each process, then its median across processes. */
interface RatioSpec {
  readonly label: string;
  readonly group: string;
  readonly numerator: string;
  readonly denominator: string;
  /** `>=`: at least this many times; `<=`: at most. */
  readonly target?: Target;
}

/**
 * A target: `>=` at least this many times, `<=` at most. `aim` is a better
 * figure hoped for; `milestones` are figures on the way to the target (for
 * `<=`, larger than it), each reported as met or not while the target is missed.
 */
interface Target {
  readonly op: '>=' | '<=';
  readonly value: number;
  readonly aim?: number;
  readonly milestones?: readonly number[];
}

const TOOLGATE_DECISIONS = ['toolgate checkDispatch', 'toolgate authorize'];

/** The decision-equivalent peers, with the issue's targets (toolgate at least this many times faster) at N = 10 and 1000. */
const DECISION_PEERS: readonly {
  readonly name: string;
  readonly short: string;
  readonly targets?: Readonly<Record<number, number>>;
}[] = [
  {
    name: 'cedar-wasm statefulIsAuthorized (preparsed)',
    short: 'Cedar preparsed',
    targets: { 10: 30, 1000: 1000 },
  },
  { name: 'casbin enforceSync', short: 'casbin', targets: { 10: 5, 1000: 300 } },
  { name: 'cedar-wasm isAuthorized', short: 'Cedar isAuthorized' },
  { name: 'CASL, conditions on one subject type', short: 'CASL conditions' },
  { name: 'CASL, subject type per tool@version', short: 'CASL by type' },
];

/** The decision-equivalent ratios as one matrix: a row per (N, allow/deny, toolgate API), a column per peer. */
function renderDecisionMatrix(results: ReadonlyMap<string, readonly CaseResult[]>): string[] {
  const header = DECISION_PEERS.map(({ short, targets }) =>
    targets === undefined
      ? short
      : `${short} (target ≥ ${formatRatio(targets[10] ?? NaN)} / ≥ ${formatRatio(targets[1000] ?? NaN)})`,
  );
  const lines = [
    '### Decision-equivalent: how many times faster toolgate decides (peer time / toolgate time)',
    '',
    'Targets at N = 10 / N = 1000, for Cedar preparsed and casbin. Both toolgate APIs are held to them: `checkDispatch` is the per-call decision the peers make; `authorize` also decodes and copies the proposed turn and validates its arguments against the schema, work the peers do not do here.',
    '',
    `| N | requests | toolgate | ${header.join(' | ')} |`,
    `|---|---|---|${header.map(() => '---:').join('|')}|`,
  ];
  for (const n of [10, 1000]) {
    for (const kind of ['allow', 'deny']) {
      for (const toolgate of TOOLGATE_DECISIONS) {
        const cells = DECISION_PEERS.map(({ name, targets }) => {
          const target = targets?.[n];
          const spec: RatioSpec = {
            label: '',
            group: `decision-${n}`,
            numerator: `${name} | ${kind}`,
            denominator: `${toolgate} | ${kind}`,
            ...(target === undefined ? {} : { target: { op: '>=' as const, value: target } }),
          };
          const ratio = ratioOf(spec, results);
          const status = target === undefined ? '' : ` ${statusOf(spec, ratio.value)}`;
          return `${formatRatio(ratio.value)}${status}`;
        });
        lines.push(
          `| ${n} | ${kind} | ${toolgate.replace('toolgate ', '')} | ${cells.join(' | ')} |`,
        );
      }
    }
  }
  return [...lines, ''];
}

const WRAPPED_PEERS = [
  'wrapped cedar-wasm isAuthorized',
  'wrapped cedar-wasm statefulIsAuthorized',
  'wrapped casbin enforceSync',
  'wrapped CASL, conditions on one subject type',
  'wrapped CASL, subject type per tool@version',
];

/** Issue 33: toolgate within 1.3× of the floor, through 2.0× and 1.5× on the way. */
const FLOOR_TARGET: Target = { op: '<=', value: 1.3, milestones: [2, 1.5] };

/** Each toolgate API over the floor, for decoded values and for JSON text (both sides decode it). */
const FLOOR_RATIOS: readonly RatioSpec[] = [
  'toolgate authorize',
  'toolgate checkTurn + checkDispatch',
].flatMap((api) => [
  {
    label: `${api} / hand-written minimal pipeline (decoded value)`,
    group: 'pipeline',
    numerator: api,
    denominator: 'hand-written minimal pipeline (floor)',
    target: FLOOR_TARGET,
  },
  {
    label: `${api} / hand-written minimal pipeline (JSON text, both decode it)`,
    group: 'pipeline',
    numerator: `${api}, JSON text turn`,
    denominator: 'hand-written minimal pipeline + JSON.parse',
    target: FLOOR_TARGET,
  },
]);

const RATIOS: readonly { readonly title: string; readonly specs: readonly RatioSpec[] }[] = [
  {
    title:
      'Full pipeline: wrapped peer time / toolgate time (at least 1x, aim 1.3x); toolgate / floor (at most 1.3x)',
    specs: [
      ...WRAPPED_PEERS.map((peer) => ({
        label: `${peer} / toolgate authorize`,
        group: 'pipeline',
        numerator: peer,
        denominator: 'toolgate authorize',
        target: { op: '>=' as const, value: 1, aim: 1.3 },
      })),
      ...FLOOR_RATIOS,
      {
        label: "issue 2's figure: toolgate authorize / raw sum of parts (decoded value)",
        group: 'pipeline',
        numerator: 'toolgate authorize',
        denominator: 'issue 2: raw sum of parts, value',
      },
      {
        label: "issue 2's figure: toolgate authorize / raw sum of parts + JSON.parse (JSON text)",
        group: 'pipeline',
        numerator: 'toolgate authorize, JSON text turn',
        denominator: 'issue 2: raw sum of parts + JSON.parse, text',
      },
    ],
  },
  {
    title: 'Scale and turns: cost of the larger against the smaller (at most the target)',
    specs: [
      {
        label: 'grant of 100,000 entries per list / grant of 10, interleaved in one process',
        group: 'scale-grant',
        numerator: 'grant of 100000',
        denominator: 'grant of 10',
        target: { op: '<=', value: 1.3 },
      },
      {
        label: 'grant of 100,000 / grant of 10 measured alone before the larger grants were built',
        group: 'scale-grant',
        numerator: 'grant of 100000',
        denominator: 'grant of 10, alone (before the larger ones are built)',
        target: { op: '<=', value: 1.3 },
      },
      {
        label: 'registry of 100,000 tools / registry of 10, interleaved in one process',
        group: 'scale-registry',
        numerator: 'registry of 100000',
        denominator: 'registry of 10',
        target: { op: '<=', value: 1.3 },
      },
      {
        label:
          'registry of 100,000 / registry of 10 measured alone before the larger registries were built',
        group: 'scale-registry',
        numerator: 'registry of 100000',
        denominator: 'registry of 10, alone (before the larger ones are built)',
        target: { op: '<=', value: 1.3 },
      },
      {
        label: '10-call turn / 1-call turn (decoded value)',
        group: 'turns',
        numerator: '10-call turn, value',
        denominator: '1-call turn, value',
        target: { op: '<=', value: 10 },
      },
      {
        label: '10-call turn / 1-call turn (JSON text)',
        group: 'turns',
        numerator: '10-call turn, JSON text',
        denominator: '1-call turn, JSON text',
        target: { op: '<=', value: 10 },
      },
    ],
  },
];

/** What each group measures, shown above its figures. */
const GROUP_NOTES: Readonly<Record<string, string>> = {
  'decision-10':
    'Decision-equivalent, N = 10 entries ("run R may call slack/search version 1 at host api.slack.com; deny otherwise", the real entry in the middle). Allow: the real call with a varying query; deny: rotating version 2, another host, another tool, another run. `toolgate checkDispatch` decides a call the proposal stage issued earlier under a broader grant; `toolgate authorize` decodes the proposed turn and runs both stages, schema included.',
  'decision-1000': 'The same, N = 1000 entries.',
  pipeline:
    'One upload call (schema + URL host + path + secret) through both stages. Each peer is wrapped with the same ajv validator, `new URL` host and toolgate path canonicalizer; the floor is the same wrapper deciding with Sets. Neither the wrappers nor the floor copy or freeze the untrusted turn, check its envelope strictly, refuse repeated keys or build refusals; toolgate does all of that (README, "Decisions"). Issue 2\'s raw sum of parts is kept as it was measured then.',
  turns: 'A turn of 10 upload calls against a turn of 1, through `authorize`.',
  'scale-grant':
    'The upload call through `authorize`, against grants with N entries in each of tools, folders, network and secrets. All sizes are held in one process and measured interleaved (what the size costs the decision); the smallest is also measured alone first, before the larger ones exist (what a larger heap costs the process).',
  'scale-registry':
    'The upload call through `authorize`, against registries of N tools (fillers with `{ type: "object" }` schemas; a 100,000-tool registry holds about 300 MiB of heap, mostly ajv-compiled validators). Measured as for grants.',
  menu: '`renderMenu` for 100 granted tools: cold (each render for a grant never rendered before, JIT warm) and cached.',
  network:
    '`checkDispatch` of one URL call against network scopes (SPEC §6.2 rev 2): exact and wildcard patterns, `*` alone (which checks the host is not private), `*` with five deny entries, and `*` with CIDR ranges. See docs/network.md.',
};

interface Row {
  readonly name: string;
  readonly min: number;
  readonly median: number;
  readonly max: number;
  readonly processes: number;
}

/** Per case: min and max over every round of every process; median of the per-process medians. */
function rowsOf(results: readonly CaseResult[]): Row[] {
  const names = results[0]?.cases.map((one) => one.name) ?? [];
  return names.map((name) => {
    const found = results.flatMap((result) => result.cases.filter((one) => one.name === name));
    const rounds = found.flatMap((one) => one.runs);
    return {
      name,
      min: Math.min(...rounds),
      median: median(found.map((one) => one.median)),
      max: Math.max(...rounds),
      processes: found.length,
    };
  });
}

/** 850 ns, 12.3 µs, 3.45 ms. */
function formatTime(ns: number): string {
  if (!Number.isFinite(ns)) return 'n/a';
  if (ns < 1_000) return `${ns.toFixed(0)} ns`;
  if (ns < 1_000_000) return `${(ns / 1_000).toPrecision(3)} µs`;
  return `${(ns / 1_000_000).toPrecision(3)} ms`;
}

function formatRatio(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value >= 100 ? `${value.toFixed(0)}×` : `${value.toFixed(2)}×`;
}

function formatBytes(bytes: number): string {
  return bytes >= 2 ** 20
    ? `${(bytes / 2 ** 20).toFixed(1)} MiB`
    : `${(bytes / 2 ** 10).toFixed(0)} KiB`;
}

/** The ratio in each process (both cases timed in it), then the median and range across processes. */
function ratioOf(spec: RatioSpec, results: ReadonlyMap<string, readonly CaseResult[]>) {
  const perProcess = (results.get(spec.group) ?? []).flatMap((result) => {
    const top = result.cases.find((one) => one.name === spec.numerator);
    const bottom = result.cases.find((one) => one.name === spec.denominator);
    return top === undefined || bottom === undefined ? [] : [top.median / bottom.median];
  });
  return {
    value: median(perProcess),
    min: Math.min(...perProcess),
    max: Math.max(...perProcess),
    count: perProcess.length,
  };
}

function statusOf(spec: RatioSpec, value: number): string {
  const target = spec.target;
  if (target === undefined) return '—';
  if (!Number.isFinite(value)) return 'not measured';
  const meets = (bound: number) => (target.op === '>=' ? value >= bound : value <= bound);
  if (!meets(target.value)) {
    const milestones = (target.milestones ?? []).map(
      (bound) => `milestone ${formatRatio(bound)} ${meets(bound) ? 'met' : 'not met'}`,
    );
    return milestones.length === 0 ? '**MISS**' : `**MISS** (${milestones.join(', ')})`;
  }
  if (target.aim !== undefined && value < target.aim)
    return `pass (aim ${formatRatio(target.aim)} not reached)`;
  return 'pass';
}

function peerVersions(): string {
  const versionOf = (name: string) => {
    try {
      const text = readFileSync(
        new URL(`../../node_modules/${name}/package.json`, import.meta.url),
        'utf8',
      );
      return `${name}@${(JSON.parse(text) as { version: string }).version}`;
    } catch {
      return `${name}@?`;
    }
  };
  return ['@cedar-policy/cedar-wasm', 'casbin', '@casl/ability', 'ajv'].map(versionOf).join(', ');
}

/** Everything BENCHMARKS.md says, from one run of the runner. */
export function renderReport(run: {
  readonly machine: Machine;
  readonly loadAfter: string;
  readonly seconds: number;
  readonly processes: number;
  readonly results: ReadonlyMap<string, readonly CaseResult[]>;
  /** Whole sections written by scripts run once (markdown lines, headings included). */
  readonly sections?: readonly string[];
}): string {
  const { machine, results } = run;
  const lines: string[] = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (bench/run.ts); do not edit by hand. Times are per decision (per turn for turns, per render for the menu).',
    '',
    '## Machine',
    '',
    `- CPU: ${machine.cpu}, ${machine.cores} cores; memory ${machine.memoryGiB.toFixed(1)} GiB; ${machine.os}`,
    `- Node ${machine.node}; peers: ${peerVersions()}`,
    `- Load average (1, 5, 15 min): ${machine.loadAverage} at the start, ${run.loadAfter} at the end`,
    `- Run: every case file compiled with esbuild (as the package is) and run with plain \`node\` in ${run.processes} fresh processes; in each, the engines' rounds are interleaved (the starting engine rotating) after a warm-up; whole run ${(run.seconds / 60).toFixed(1)} min`,
    '',
    '**Load caveat.** Absolute times move with the machine and whatever else runs on it; ratios are computed inside each process from interleaved rounds, so they move much less. A figure taken while other work ran on this machine is noisier than one from a quiet machine.',
    '',
    '## Ratios',
    '',
    "Each ratio is computed inside one process from the two cases' medians; the median across processes is shown, and its range across processes.",
    '',
    ...renderDecisionMatrix(results),
  ];
  for (const section of RATIOS) {
    lines.push(
      `### ${section.title}`,
      '',
      '| ratio | value | range | target | status |',
      '|---|---:|---|---|---|',
    );
    for (const spec of section.specs) {
      const ratio = ratioOf(spec, results);
      const target =
        spec.target === undefined
          ? '—'
          : `${spec.target.op === '>=' ? '≥' : '≤'} ${formatRatio(spec.target.value)}${spec.target.aim === undefined ? '' : ` (aim ${formatRatio(spec.target.aim)})`}`;
      const range = ratio.count > 1 ? `${formatRatio(ratio.min)} – ${formatRatio(ratio.max)}` : '';
      lines.push(
        `| ${spec.label} | ${formatRatio(ratio.value)} | ${range} | ${target} | ${statusOf(spec, ratio.value)} |`,
      );
    }
    lines.push('');
  }

  lines.push(...renderColdStart(results.get('cold-start')));

  lines.push(
    '## Figures',
    '',
    'min and max over every round of every process; median of the per-process medians.',
    '',
  );
  for (const [group, list] of results) {
    if (group === 'memory' || group === 'cold-start') continue;
    lines.push(`### ${group}`, '');
    const note = GROUP_NOTES[group];
    if (note !== undefined) lines.push(note, '');
    const notMeasured = list.find((result) => result.notMeasured !== undefined)?.notMeasured;
    if (notMeasured !== undefined) {
      lines.push(`not measured: ${notMeasured}`, '');
      continue;
    }
    const rows = rowsOf(list);
    // A group of values alone (schema-cost, slow-inputs) has no timed cases: no empty table.
    if (rows.length > 0) lines.push('| case | min | median | max |', '|---|---:|---:|---:|');
    for (const row of rows) {
      lines.push(
        `| ${row.name.replaceAll('|', '\\|')} | ${formatTime(row.min)} | ${formatTime(row.median)} | ${formatTime(row.max)} |`,
      );
    }
    const values = valuesOf(list);
    for (const [name, value] of values) {
      // Values named "(bytes)" are sizes, "(ratio)" plain ratios; the others are times in ns.
      const format = name.endsWith(' (bytes)')
        ? formatBytes
        : name.endsWith(' (ratio)')
          ? (ratio: number) => `${ratio.toFixed(2)}×`
          : formatTime;
      if (lines.at(-1) !== '') lines.push('');
      lines.push(
        `${name.replace(' (ns)', '').replace(' (ratio)', '')}: ${format(value.median)} (min ${format(value.min)}, max ${format(value.max)})`,
      );
    }
    lines.push('');
  }

  const memory = results.get('memory');
  if (memory !== undefined) {
    lines.push(
      '## Memory',
      '',
      'Heap held (heapUsed after a full GC, against before), including the strings built for it; median over processes.',
      '',
      '| what | heap | per entry | min | max |',
      '|---|---:|---:|---:|---:|',
    );
    for (const [name, value] of valuesOf(memory)) {
      const entries = name.includes('each of tools, folders') ? 40_000 : 10_000;
      lines.push(
        `| ${name.replace(' (bytes)', '')} | ${formatBytes(value.median)} | ${(value.median / entries).toFixed(0)} B | ${formatBytes(value.min)} | ${formatBytes(value.max)} |`,
      );
    }
    lines.push('');
  }
  lines.push(...(run.sections ?? []));
  return `${lines.join('\n')}\n`;
}

/** Named values (measured once per process): median, min and max across processes. */
function valuesOf(
  list: readonly CaseResult[],
): Map<string, { median: number; min: number; max: number }> {
  const byName = new Map<string, number[]>();
  for (const result of list) {
    for (const [name, value] of Object.entries(result.values ?? {}))
      byName.set(name, [...(byName.get(name) ?? []), value]);
  }
  return new Map(
    [...byName].map(([name, values]) => [
      name,
      { median: median(values), min: Math.min(...values), max: Math.max(...values) },
    ]),
  );
}

/** Issue 34's limits on what an app bundles from 'toolgate', minified. */
const BUNDLE_LIMITS: readonly { readonly names: string; readonly bytes: number }[] = [
  { names: 'createGate, createGrant, createRegistry', bytes: 150 * 1024 },
  { names: 'parseToolRef', bytes: 20 * 1024 },
  { names: 'formatToolRef', bytes: 20 * 1024 },
  { names: 'renderMenu', bytes: 20 * 1024 },
];

/** The cold-start group: start times beside CASL and casbin, and bundle sizes against their limits. */
function renderColdStart(list: readonly CaseResult[] | undefined): string[] {
  if (list === undefined) return [];
  const values = valuesOf(list);
  const starts = [...values].filter(([name]) => name.endsWith(' (ns)'));
  const toolgate = starts.find(([name]) => name.startsWith('toolgate'))?.[1].median ?? NaN;
  const lines = [
    '### Cold start and bundle size',
    '',
    `A fresh \`node\` process, timed inside it from before the \`import()\` to after it (for toolgate, after \`createRegistry()\` with the built-ins too); the median over ${String(list.length)} case processes of each one's median start. toolgate is the built package.`,
    '',
    '| start | median | min | max | toolgate / this |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const [name, value] of starts) {
    lines.push(
      `| ${name.replace(' (ns)', '')} | ${formatTime(value.median)} | ${formatTime(value.min)} | ${formatTime(value.max)} | ${formatRatio(toolgate / value.median)} |`,
    );
  }
  lines.push(
    '',
    'The built package bundled and minified by esbuild as an app would (`--bundle --minify --platform=node --format=esm`):',
    '',
    '| import from toolgate | minified | limit | status |',
    '|---|---:|---:|---|',
  );
  for (const { names, bytes } of BUNDLE_LIMITS) {
    const value = values.get(`bundle of import { ${names} } from 'toolgate' (bytes)`)?.median;
    const status = value === undefined ? 'not measured' : value <= bytes ? 'pass' : '**MISS**';
    lines.push(
      `| { ${names} } | ${value === undefined ? 'n/a' : formatKilobytes(value)} | ${formatKilobytes(bytes)} | ${status} |`,
    );
  }
  return [...lines, ''];
}

/** 1,472 B => 1.4 KB; 565,000 B => 552 KB (KB of 1,024 bytes, as the limits are written). */
function formatKilobytes(bytes: number): string {
  const kb = bytes / 1024;
  return kb < 10 ? `${kb.toFixed(1)} KB` : `${kb.toFixed(0)} KB`;
}
