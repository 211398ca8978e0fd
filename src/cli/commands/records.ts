import { parseArgs } from 'node:util';
import { messageOf } from '../../data/messageOf.js';
import type { RecordLine } from '../../stores/toRecordLine.js';
import type { RecordFilter } from '../../stores/types.js';
import { EXIT } from '../exitCodes.js';
import { formatTable } from '../format/formatTable.js';
import { printable } from '../format/printable.js';
import { HELP } from '../help.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parseCommandArgs.js';
import { recordsBeside } from '../policy/besidePolicy.js';
import { explainDriverError } from './explainDriverError.js';
import { parseSince } from './parseSince.js';
import { parseStoreUrl, type StoreLocation } from './parseStoreUrl.js';
import { readStoreRecords } from './readStoreRecords.js';
import { usageError } from './usageError.js';

const OPTIONS = {
  store: { type: 'string' },
  policy: { type: 'string' },
  run: { type: 'string' },
  code: { type: 'string' },
  tool: { type: 'string' },
  since: { type: 'string' },
  fires: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

/** Reads the rows; the store's driver is loaded only now (an optional peer). */
function readRows(store: StoreLocation, filter: RecordFilter): Promise<readonly RecordLine[]> {
  return readStoreRecords(
    store.kind === 'sqlite' ? { kind: 'sqlite', path: store.file } : store,
    filter,
  );
}

/** The longest reason a table row shows; `--json` holds it whole. */
const MAX_REASON = 80;

/** Why a row was refused (or a fire failed), on one line, cut to fit a terminal row. */
function reasonOf(line: RecordLine): string {
  const record = line.record as {
    refusal?: { reason?: unknown };
    wouldRefuse?: { reason?: unknown };
    message?: unknown;
  } | null;
  const reason = record?.refusal?.reason ?? record?.wouldRefuse?.reason ?? record?.message;
  if (typeof reason !== 'string' || reason === '') return '-';
  // printable escapes the rest; a line break must not start a row of its own.
  const text = reason.replace(/[\r\n\u2028\u2029]+/g, ' ');
  return text.length > MAX_REASON ? `${text.slice(0, MAX_REASON - 1)}…` : text;
}

/** How a row ended, in a word: a turn's settlement, a dispatch's verdict, a fire's status. */
function outcomeOf(line: RecordLine): string {
  if (line.type === 'turn') return line.settled ?? '-';
  if (line.type === 'dispatch') return line.allowed === true ? 'allowed' : 'refused';
  const status = (line.record as { status?: unknown } | null)?.status;
  return typeof status === 'string' ? status : '-';
}

/**
 * `toolgate records --store sqlite:PATH|postgres://… [--run ID] [--code CODE]
 * [--tool REF|NAME] [--since ISO] [--fires] [--json]`: lists stored records,
 * oldest first: a table for people (control characters escaped), or with
 * `--json` one SPEC §13 object a line. Exit 0 (also when nothing matches),
 * 2 for bad usage, a bad store URL, or a store that cannot be read.
 */
export async function records(args: readonly string[], io: CliIo): Promise<number> {
  const json = args.includes('--json');
  if (args.includes('-h') || args.includes('--help')) {
    io.stdout(HELP.records ?? '');
    return EXIT.ok;
  }
  const parsed = parseCommandArgs(() =>
    parseArgs({ args: [...args], options: OPTIONS, allowPositionals: false, strict: true }),
  );
  if (!parsed.ok) return usageError(io, 'records', parsed.problem, json);
  const { values } = parsed.value;
  // Without --store, the store `toolgate mcp --policy FILE` records to by default (issue 29).
  const storeUrl =
    values.store ?? (values.policy === undefined ? undefined : recordsBeside(values.policy));
  if (storeUrl === undefined)
    return usageError(
      io,
      'records',
      'name the store: --store sqlite:PATH or --store postgres://…, or --policy FILE for the proxy’s default store beside it',
      json,
    );
  const store = parseStoreUrl(storeUrl);
  if (typeof store === 'string') return usageError(io, 'records', store, json);
  const since = values.since === undefined ? undefined : parseSince(values.since);
  if (values.since !== undefined && since === undefined)
    return usageError(
      io,
      'records',
      `--since ${JSON.stringify(values.since)} must be an ISO 8601 time such as 2026-12-01T08:00:00Z`,
      json,
    );
  const filter: RecordFilter = {
    ...(values.run === undefined ? {} : { run: values.run }),
    ...(values.code === undefined ? {} : { code: values.code }),
    ...(values.tool === undefined ? {} : { tool: values.tool }),
    ...(since === undefined ? {} : { since }),
    ...(values.fires === true ? { fires: true } : {}),
  };
  let rows: readonly RecordLine[];
  try {
    rows = await readRows(store, filter);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const message = messageOf(error) || (typeof code === 'string' ? code : 'unknown error');
    const what = store.kind === 'sqlite' ? 'the SQLite store' : 'the PostgreSQL store';
    const driver = explainDriverError(
      error,
      store.kind === 'sqlite' ? 'better-sqlite3' : 'pg',
      'keep records the proxy writes as JSONL (--records jsonl:PATH), which need no driver',
    );
    const hint =
      store.kind === 'sqlite'
        ? 'check the path'
        : 'check the URL, that the server runs and that it holds toolgate records';
    const text =
      driver === undefined
        ? `toolgate records: cannot read ${what} ${store.shown}: ${message}; ${hint}`
        : `toolgate records: cannot read ${what} ${store.shown}: ${driver}`;
    io.stderr(`${printable(text)}\n`);
    if (json) io.stdout(`${JSON.stringify({ error: { message: text, diagnostics: [] } })}\n`);
    return EXIT.badInput;
  }
  if (json) {
    io.stdout(rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
    return EXIT.ok;
  }
  if (rows.length === 0) {
    io.stdout('no records match\n');
    return EXIT.ok;
  }
  const table = rows.map((row) => [
    row.at,
    row.run ?? '-',
    String(row.turn),
    row.call === undefined ? '-' : String(row.call),
    row.audit === true ? `${row.type} (audit)` : row.type,
    outcomeOf(row),
    row.code ?? '-',
    row.ref ?? '-',
    reasonOf(row),
  ]);
  io.stdout(
    `${printable(formatTable(['AT', 'RUN', 'TURN', 'CALL', 'TYPE', 'OUTCOME', 'CODE', 'REF', 'REASON'], table))}\n`,
  );
  return EXIT.ok;
}
