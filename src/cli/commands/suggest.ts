import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { compareGrants } from '../../compare/compareGrants.js';
import type { Widening } from '../../compare/types.js';
import { messageOf } from '../../data/messageOf.js';
import type { GrantSpec } from '../../grant/types.js';
import { runsFromRecords, type StoredEntry } from '../../suggest/runsFromRecords.js';
import { suggestGrant, type Coverage } from '../../suggest/suggestGrant.js';
import { EXIT } from '../exitCodes.js';
import { HELP } from '../help.js';
import { printable } from '../format/printable.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parseCommandArgs.js';
import { recordsBeside } from '../policy/besidePolicy.js';
import { printJson } from '../report.js';
import { formatWidening } from './diff.js';
import { loadPolicyOrReport } from './loadPolicyOrReport.js';
import { parseSince } from './parseSince.js';
import { readStoreRecords } from './readStoreRecords.js';
import { readRecordsOption, type RecordsOption } from './readRecordsOption.js';
import { usageError } from './usageError.js';

const OPTIONS = {
  store: { type: 'string' },
  policy: { type: 'string' },
  grant: { type: 'string' },
  run: { type: 'string', multiple: true },
  since: { type: 'string' },
  margin: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/**
 * `toolgate suggest --policy FILE --grant NAME [--store URL] [--run ID]…
 * [--since TIME] [--margin M] [--json]` (SPEC §14.7): reads the recorded
 * decisions (the store beside the policy by default: what `toolgate mcp
 * --policy FILE` writes) and prints the narrowest grant that would have
 * allowed every call those runs made, as policy YAML with what each entry
 * covers, then what it takes away from the current grant and what it adds
 * (each with a witness), as comments. `--json`: `{ grant, diff }`. Exit 0;
 * 2 bad input.
 */
export async function suggest(args: readonly string[], io: CliIo): Promise<number> {
  const json = args.includes('--json');
  if (args.includes('-h') || args.includes('--help')) {
    io.stdout(HELP.suggest ?? '');
    return EXIT.ok;
  }
  const parsed = parseCommandArgs(() =>
    parseArgs({ args: [...args], options: OPTIONS, allowPositionals: false, strict: true }),
  );
  if (!parsed.ok) return usageError(io, 'suggest', parsed.problem, json);
  const { values } = parsed.value;
  if (values.policy === undefined)
    return usageError(io, 'suggest', 'name the policy: --policy FILE --grant NAME', json);
  const policy = loadPolicyOrReport(io, 'suggest', values.policy, json);
  if (typeof policy === 'number') return policy;
  const names = [...policy.grants.keys()];
  const name = values.grant ?? (names.length === 1 ? names[0] : undefined);
  const current = name === undefined ? undefined : policy.grants.get(name);
  if (name === undefined || current === undefined)
    return usageError(
      io,
      'suggest',
      `name the grant to tighten with --grant NAME (the grants of ${values.policy} are ${names.join(', ') || 'none'})`,
      json,
    );
  const margin = values.margin === undefined ? 0.5 : Number(values.margin);
  if (!Number.isFinite(margin) || margin < 0)
    return usageError(
      io,
      'suggest',
      `--margin takes a number 0 or more (0.5: budgets 50% above the largest run), not ${JSON.stringify(values.margin)}`,
      json,
    );
  const store = readRecordsOption(values.store ?? recordsBeside(values.policy));
  if (typeof store === 'string') return usageError(io, 'suggest', store, json);
  const since = values.since === undefined ? undefined : parseSince(values.since);
  if (values.since !== undefined && since === undefined)
    return usageError(
      io,
      'suggest',
      `--since ${JSON.stringify(values.since)} must be an ISO 8601 time such as 2026-12-01T08:00:00Z`,
      json,
    );
  if (since !== undefined && store.kind === 'jsonl')
    return usageError(io, 'suggest', 'JSONL records carry no time: choose runs with --run', json);
  let entries: readonly StoredEntry[];
  try {
    entries = await readEntries(store, since);
  } catch (error) {
    io.stderr(`toolgate suggest: cannot read the records: ${printable(messageOf(error))}\n`);
    return EXIT.badInput;
  }
  const wanted = values.run === undefined ? undefined : new Set(values.run);
  const runs = [...runsFromRecords(entries)].filter(
    ([run]) => wanted === undefined || wanted.has(run),
  );
  if (runs.length === 0) {
    io.stderr(
      `toolgate suggest: no records${wanted === undefined ? '' : ` of the runs ${[...wanted].join(', ')}`} in ${describe(store)}\n`,
    );
    return EXIT.badInput;
  }
  const suggestion = suggestGrant(
    runs.map(([, records]) => records),
    current,
    { margin },
  );
  const wider = compareGrants(current, suggestion.grant);
  if (json) {
    for (const note of suggestion.notes) io.stderr(`toolgate suggest: ${printable(note)}\n`);
    printJson(io, { grant: suggestion.spec, diff: wider });
    return EXIT.ok;
  }
  const narrower = compareGrants(suggestion.grant, current);
  const calls = runs.reduce(
    (sum, [, records]) =>
      sum + records.reduce((inner, record) => inner + (record.dispatches?.length ?? 0), 0),
    0,
  );
  const lines = [
    `# Suggested by toolgate suggest for grant ${name} of ${values.policy}, from ${String(runs.length)} ${runs.length === 1 ? 'run' : 'runs'} (${String(calls)} dispatches) in ${describe(store)}.`,
    '# Paste it over the grant, review it, then drop --audit.',
    'grants:',
    `  ${name}:`,
    ...formatSpec(suggestion.spec, suggestion.covers, margin),
    ...suggestion.notes.map((note) => `# note: ${note}`),
    '#',
    narrower.subset
      ? '# It takes nothing away from the current grant.'
      : `# It takes away from the current grant (${String(narrower.widenings.length)}):`,
    ...(narrower.subset
      ? []
      : narrower.widenings.map((widening) => `# ${formatNarrowing(widening)}`)),
    wider.subset
      ? '# It allows nothing the current grant does not.'
      : `# It allows beyond the current grant, what the runs used (${String(wider.widenings.length)}):`,
    ...(wider.subset ? [] : wider.widenings.map((widening) => `# ${formatWidening(widening)}`)),
    '',
  ];
  io.stdout(printable(lines.join('\n')));
  return EXIT.ok;
}

/**
 * What the suggestion takes away, read from `compareGrants(suggested, current)`:
 * a widening of the current grant over the suggestion is a narrowing.
 */
function formatNarrowing(widening: Widening): string {
  if (widening.kind === 'budget') {
    const was = widening.witness.after === null ? 'unlimited' : String(widening.witness.after);
    return `  budget  ${widening.witness.budget} ${was} -> ${String(widening.witness.before)}`;
  }
  const line = formatWidening(widening);
  const cut = line.lastIndexOf('  (');
  return `${cut === -1 ? line : line.slice(0, cut)}  (no recorded call needed it)`;
}

/** The grant's keys as YAML (each value as JSON, which YAML reads), each list entry with what it covers. */
function formatSpec(
  spec: GrantSpec,
  covers: ReadonlyMap<string, Coverage>,
  margin: number,
): string[] {
  const lines: string[] = [];
  const covered = (key: string) => {
    const found = covers.get(key.split('#')[0] as string);
    return found === undefined
      ? '# kept from the current grant'
      : `# ${String(found.calls)} ${found.calls === 1 ? 'call' : 'calls'}, ${String(found.runs)} ${found.runs === 1 ? 'run' : 'runs'}`;
  };
  for (const key of ['tools', 'folders', 'network', 'secrets'] as const) {
    const list = spec[key] ?? [];
    if (list.length === 0) {
      lines.push(`    ${key}: []`);
      continue;
    }
    lines.push(`    ${key}:`);
    for (const item of list) {
      const shown = typeof item === 'string' ? item : item.path;
      lines.push(`      - ${JSON.stringify(item)}   ${covered(shown)}`);
    }
  }
  if (spec.budgets !== undefined)
    lines.push(
      `    budgets: ${JSON.stringify(spec.budgets)}   # the largest run, +${String(Math.round(margin * 100))}%`,
    );
  if (spec.ask !== undefined) lines.push(`    ask: ${JSON.stringify(spec.ask)}   # kept`);
  if (spec.labels !== undefined) lines.push(`    labels: ${JSON.stringify(spec.labels)}   # kept`);
  if (spec.flows !== undefined) lines.push(`    flows: ${JSON.stringify(spec.flows)}   # kept`);
  return lines;
}

function describe(store: RecordsOption): string {
  return store.kind === 'postgres' ? store.shown : `${store.kind}:${store.path}`;
}

/** The stored rows (turns and dispatches), oldest first; the store's driver is loaded only now. */
async function readEntries(
  store: RecordsOption,
  since: string | undefined,
): Promise<readonly StoredEntry[]> {
  const filter = since === undefined ? {} : { since };
  if (store.kind === 'jsonl') return readJsonl(store.path);
  return readStoreRecords(
    store.kind === 'postgres' ? store : { kind: 'sqlite', path: store.path },
    filter,
  );
}

/** A JSONL record file's lines as stored rows (a line that is not a run entry is skipped). */
function readJsonl(path: string): StoredEntry[] {
  const entries: StoredEntry[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    const entry = value as {
      type?: unknown;
      run?: unknown;
      turn?: unknown;
      record?: { index?: unknown };
      dispatch?: unknown;
      tool?: unknown;
    };
    const run = typeof entry.run === 'string' ? entry.run : null;
    if (entry.type === 'turn' && typeof entry.record?.index === 'number')
      entries.push({ run, type: 'turn', turn: entry.record.index, record: entry.record });
    else if (entry.type === 'dispatch' && typeof entry.turn === 'number')
      entries.push({
        run,
        type: 'dispatch',
        turn: entry.turn,
        record:
          entry.tool === undefined
            ? entry.dispatch
            : { ...(entry.dispatch as object), tool: entry.tool },
      });
  }
  return entries;
}
