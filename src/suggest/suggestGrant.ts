import { getDomain } from '../deps/tldts.js';
import { stringValuesAt } from '../gate/collectResourceValues.js';
import { createGrant } from '../grant/createGrant.js';
import type { Budgets, FlowSpec, Grant, GrantSpec } from '../grant/types.js';
import type { ToolEntry } from '../registry/types.js';
import type { TurnRecord } from '../run/types.js';
import { formatHostAndPort, parseHostResource, parseUrlHost } from '../scope/host/index.js';
import { normalizeAbsolutePath } from '../scope/path/normalizeAbsolutePath.js';

/** How `suggestGrant` reads the records. */
export interface SuggestOptions {
  /** Budgets are the largest run's use times 1 + `margin` (default 0.5), rounded up. */
  readonly margin?: number;
}

/** What a suggested entry covers, for the comment beside it. */
export interface Coverage {
  readonly calls: number;
  readonly runs: number;
}

/** The narrowest grant for what the runs did, and what it covers. */
export interface Suggestion {
  /** The suggested grant's spec, as `createGrant` takes it (deny entries as written). */
  readonly spec: GrantSpec;
  readonly grant: Grant;
  /** Per entry of `spec` (a ref, a folder root's path, a host, a secret): the calls and runs it covers. */
  readonly covers: ReadonlyMap<string, Coverage>;
  /** What a person must decide: calls the current grant refused, values that could not be read. */
  readonly notes: readonly string[];
}

/** The runs' dispatches that went through, each with its call and the tool entry decided over. */
interface UsedCall {
  readonly run: number;
  readonly ref: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly entry: ToolEntry | undefined;
}

/**
 * The narrowest grant that allows every call the runs made (SPEC §14.7):
 * the exact refs used (pinned as the current grant pins them); the fewest
 * folder roots that cover the paths used — a path other used paths lie
 * under is a root, any other path's folder is, roots under roots dropped —
 * `write` roots over the paths written and `read` roots over the paths read
 * (a read root under a write root dropped); the exact
 * hosts used (`*.DOMAIN` once three names under one domain were), and the
 * tools' own network patterns; the exact secret names used and the tools'
 * own secrets; the current grant's deny entries, labels and flows, and the
 * asks of the refs kept; budgets from the largest run, with `margin`.
 *
 * A call is used when its dispatch went through: allowed, or let through in
 * audit mode (`wouldRefuse` too). A dispatch the current grant refused while
 * enforcing is left out and named in `notes`, for a person to decide; so is
 * a value the records redacted (`[redacted]`: the stores redact secret
 * names) or a relative path. Pure: it reads the records only.
 *
 * // (run.records() of a read of /srv/app/a.md, current) => { spec: { tools: ['fs-read@1'], folders: [{ path: '/srv/app', access: 'read' }], … }, … }
 */
export function suggestGrant(
  runs: readonly (readonly TurnRecord[])[],
  current: Grant,
  options: SuggestOptions = {},
): Suggestion {
  const margin = options.margin ?? 0.5;
  const notes: string[] = [];
  const covers = new Map<string, { calls: number; runs: Set<number> }>();
  const cover = (key: string, run: number) => {
    let found = covers.get(key);
    if (found === undefined) covers.set(key, (found = { calls: 0, runs: new Set() }));
    found.calls++;
    found.runs.add(run);
  };
  const used = usedCalls(runs, notes);
  const refs = new Set<string>();
  const paths = new Map<string, PathUse>();
  const hosts = new Map<string, Set<number>>();
  const hostCalls = new Map<string, number>();
  const ownNetwork = new Set<string>();
  const secrets = new Set<string>();
  const ownSecrets = new Set<string>();
  let redactedSecret = false;
  for (const call of used) {
    refs.add(call.ref);
    cover(call.ref, call.run);
    if (call.entry === undefined) continue;
    for (const pattern of call.entry.network) {
      ownNetwork.add(pattern);
      cover(pattern, call.run);
    }
    for (const name of call.entry.secrets) {
      ownSecrets.add(name);
      cover(name, call.run);
    }
    for (const resource of call.entry.resources) {
      for (const value of stringValuesAt(resource.at, call.args)) {
        if (resource.kind === 'path') {
          if (!value.startsWith('/')) {
            notes.push(
              `${call.ref} used the relative path ${JSON.stringify(value)}: not suggested (the gate reads it against the run's cwd)`,
            );
            continue;
          }
          const path = normalizeAbsolutePath(value);
          const seen = paths.get(path) ?? {
            read: false,
            write: false,
            runs: new Set<number>(),
            calls: 0,
          };
          if (resource.access === 'write') seen.write = true;
          else seen.read = true;
          seen.runs.add(call.run);
          seen.calls++;
          paths.set(path, seen);
        } else if (resource.kind === 'url' || resource.kind === 'host') {
          const parsed = resource.kind === 'url' ? parseUrlHost(value) : parseHostResource(value);
          if (!parsed.ok) continue;
          const host = formatHostAndPort(parsed.value.host, undefined);
          const runsOf = hosts.get(host) ?? new Set<number>();
          runsOf.add(call.run);
          hosts.set(host, runsOf);
          hostCalls.set(host, (hostCalls.get(host) ?? 0) + 1);
        } else {
          if (value === '[redacted]') {
            redactedSecret = true;
            continue;
          }
          secrets.add(value);
          cover(value, call.run);
        }
      }
    }
  }

  // Tools: as the current grant writes them (its pin), in the current grant's order, then new ones.
  const written = new Map(current.tools.map((entry) => [entry.split('#')[0] as string, entry]));
  const tools = [
    ...current.tools.filter((entry) => refs.has(entry.split('#')[0] as string)),
    ...[...refs].filter((ref) => !written.has(ref)).sort(),
  ];
  const roots = foldersFor(paths, covers);
  const denies = current.folders.filter((entry) => typeof entry === 'string');
  const network = [...hostsFor(hosts, hostCalls, covers), ...[...ownNetwork].sort()].filter(
    (entry, index, all) => all.indexOf(entry) === index,
  );
  // A secret the records do not name (records name only granted secrets, and stores none):
  // the current grant's secret entries stay, so the suggestion is never narrower than it can tell.
  const keptSecrets = redactedSecret
    ? current.secrets.filter((entry) => !entry.startsWith('!'))
    : [];
  if (redactedSecret)
    notes.push(
      keptSecrets.length === 0
        ? 'a call used a secret the records show as [redacted] and the current grant grants none: add the secret names it needs by hand'
        : `a call used a secret the records show as [redacted]: the current grant's secret entries (${keptSecrets.join(', ')}) stay; narrow them by hand`,
    );
  const secretEntries = [
    ...new Set([...keptSecrets, ...[...secrets].sort(), ...[...ownSecrets].sort()]),
  ];
  const denySecrets = current.secrets.filter((entry) => entry.startsWith('!'));
  const denyNetwork = current.network.filter((entry) => entry.startsWith('!'));
  const ask = (current.ask ?? []).filter((entry) => refs.has(entry.split('#')[0] as string));
  const toolSet = new Set(tools.map((entry) => entry.split('#')[0] as string));
  const flows = (current.flows ?? [])
    .map((flow): FlowSpec => {
      const asks = (flow.ask ?? []).filter((entry) => !entry.includes('@') || toolSet.has(entry));
      const deny = flow.deny ?? [];
      return {
        after: flow.after,
        ...(deny.length === 0 ? {} : { deny: [...deny] }),
        ...(asks.length === 0 ? {} : { ask: asks }),
      };
    })
    .filter((flow) => flow.deny !== undefined || flow.ask !== undefined);
  const labels = current.labels;
  const budgets = budgetsFor(runs, margin);
  const spec: GrantSpec = {
    tools,
    folders: [...roots, ...denies],
    network: [...network, ...denyNetwork],
    secrets: [...secretEntries, ...denySecrets],
    ...(budgets === undefined ? {} : { budgets }),
    ...(ask.length === 0 ? {} : { ask }),
    ...(labels === undefined ? {} : { labels }),
    ...(flows.length === 0 ? {} : { flows }),
  };
  return Object.freeze({
    spec,
    grant: createGrant(spec),
    covers: new Map(
      [...covers].map(([key, found]) => [
        key,
        Object.freeze({ calls: found.calls, runs: found.runs.size }),
      ]),
    ),
    notes: Object.freeze([...new Set(notes)]),
  });
}

/** Every dispatch that went through, with its call and tool entry; the refused ones go to `notes`. */
function usedCalls(runs: readonly (readonly TurnRecord[])[], notes: string[]): UsedCall[] {
  const used: UsedCall[] = [];
  runs.forEach((records, run) => {
    for (const record of records) {
      if (record.settled !== 'tool' && record.settled !== 'dead_lettered') continue;
      const calls = record.calls ?? [];
      const tools = record.tools ?? [];
      for (const dispatch of record.dispatches ?? []) {
        if (!dispatch.allowed) {
          notes.push(
            `the current grant refused ${dispatch.ref} (${dispatch.refusal.code}: ${dispatch.refusal.reason}); it is not in the suggestion: decide whether the agent should have it`,
          );
          continue;
        }
        const call = calls[dispatch.callIndex];
        if (call === undefined) continue;
        const entry =
          tools.find((tool) => tool.digest === dispatch.digest)?.entry ??
          tools.find((tool) => tool.ref === dispatch.ref)?.entry;
        used.push({ run, ref: dispatch.ref, args: call.arguments, entry });
      }
    }
  });
  return used;
}

/** How a path was used: read, written, by which runs and how many calls. */
interface PathUse {
  read: boolean;
  write: boolean;
  readonly runs: Set<number>;
  calls: number;
}

const under = (path: string, root: string) =>
  root === '/' ? path !== '/' : path.startsWith(`${root}/`);

/** The fewest roots covering these paths: a path others lie under, else a path's folder; roots under roots dropped. */
function rootsOf(all: readonly string[]): string[] {
  const candidates = new Set(
    all.map((path) => {
      if (all.some((other) => under(other, path))) return path;
      const parent = path.slice(0, path.lastIndexOf('/'));
      return parent === '' ? path : parent;
    }),
  );
  return [...candidates].filter(
    (root) => ![...candidates].some((other) => other !== root && under(root, other)),
  );
}

/**
 * The folder roots: `write` roots over the paths written, `read` roots over
 * the paths read, a read root a write root already covers dropped; each
 * root's coverage counted over the paths under it.
 */
function foldersFor(
  paths: ReadonlyMap<string, PathUse>,
  covers: Map<string, { calls: number; runs: Set<number> }>,
): { path: string; access: 'read' | 'write' }[] {
  const used = [...paths];
  const writes = rootsOf(used.filter(([, seen]) => seen.write).map(([path]) => path));
  const reads = rootsOf(used.filter(([, seen]) => seen.read).map(([path]) => path)).filter(
    (root) => !writes.some((write) => root === write || under(root, write)),
  );
  const roots = [
    ...writes.map((path) => ({ path, access: 'write' as const })),
    ...reads.map((path) => ({ path, access: 'read' as const })),
  ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const { path: root } of roots) {
    const runs = new Set<number>();
    let calls = 0;
    for (const [path, seen] of paths) {
      if (path !== root && !under(path, root)) continue;
      calls += seen.calls;
      for (const run of seen.runs) runs.add(run);
    }
    covers.set(root, { calls, runs });
  }
  return roots;
}

/** Exact hosts, or `*.DOMAIN` for three or more names under one registrable domain. */
function hostsFor(
  hosts: ReadonlyMap<string, Set<number>>,
  calls: ReadonlyMap<string, number>,
  covers: Map<string, { calls: number; runs: Set<number> }>,
): string[] {
  const byDomain = new Map<string, string[]>();
  for (const host of hosts.keys()) {
    const domain = host.startsWith('[') ? null : getDomain(host, { allowPrivateDomains: true });
    if (domain === null || domain === host) continue;
    byDomain.set(domain, [...(byDomain.get(domain) ?? []), host]);
  }
  const entries: string[] = [];
  const grouped = new Set<string>();
  for (const [domain, names] of byDomain) {
    if (names.length < 3) continue;
    const pattern = `*.${domain}`;
    entries.push(pattern);
    const runs = new Set<number>();
    let count = 0;
    for (const name of names) {
      grouped.add(name);
      for (const run of hosts.get(name) ?? []) runs.add(run);
      count += calls.get(name) ?? 0;
    }
    covers.set(pattern, { calls: count, runs });
  }
  for (const host of [...hosts.keys()].sort()) {
    if (grouped.has(host)) continue;
    entries.push(host);
    covers.set(host, { calls: calls.get(host) ?? 0, runs: hosts.get(host) ?? new Set() });
  }
  return entries.sort();
}

/** The largest run's turns, tool calls and calls in a turn, times 1 + margin, rounded up. */
function budgetsFor(runs: readonly (readonly TurnRecord[])[], margin: number): Budgets | undefined {
  let turns = 0;
  let toolCalls = 0;
  let callsPerTurn = 0;
  for (const records of runs) {
    let runTurns = 0;
    let runCalls = 0;
    for (const record of records) {
      runTurns += record.spent.turns;
      runCalls += record.spent.toolCalls;
      callsPerTurn = Math.max(callsPerTurn, record.calls?.length ?? 0);
    }
    turns = Math.max(turns, runTurns);
    toolCalls = Math.max(toolCalls, runCalls);
  }
  if (turns === 0) return undefined;
  const grow = (value: number) => Math.max(1, Math.ceil(value * (1 + margin)));
  return {
    turns: grow(turns),
    ...(toolCalls === 0 ? {} : { toolCalls: grow(toolCalls) }),
    ...(callsPerTurn === 0 ? {} : { callsPerTurn: grow(callsPerTurn) }),
  };
}
