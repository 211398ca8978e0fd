import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorizedCall, TurnRecord } from '../../src/index.js';
import { createPostgresSink } from '../../src/postgres/index.js';
import { readPostgresRecords } from '../../src/postgres/readPostgresRecords.js';
import { readSqliteRecords } from '../../src/sqlite/readSqliteRecords.js';
import type { RecordFilter } from '../../src/stores/types.js';
import { createSqliteSink } from '../../src/sqlite/index.js';
import {
  ANSWER_TURN,
  SEARCH_TURN,
  UNGRANTED_TURN,
  aCall,
  aRun,
  callsTurn,
} from '../helpers/runBuilders.js';
import { PG_URL, aSchemaName, dropSchema } from '../helpers/postgres.js';
import { spawnCli } from './helpers.js';
import { aTempDir } from '../helpers/scratch.js';

function callsOf(record: TurnRecord): readonly AuthorizedCall[] {
  if (record.calls === undefined)
    throw new Error(`expected a tool turn: ${JSON.stringify(record)}`);
  return record.calls;
}

const dir = aTempDir('records');
const file = join(dir, 'records.db');
const schema = aSchemaName('cli');
const pgStore = `${PG_URL}?schema=${schema}`;
let start = '';

beforeAll(async () => {
  start = new Date(Date.now() - 1000).toISOString();
  const sqlite = createSqliteSink(file);
  const postgres = await createPostgresSink({ connectionString: PG_URL, schema });
  for (const sink of [sqlite, postgres]) {
    const one = aRun({ run: { sink, id: 'run-1' } }).run;
    const [call] = callsOf(await one.proposeAsync(SEARCH_TURN));
    // Fired, not only dispatched: the store holds a fire row after the dispatch row.
    expect((await one.fire(call, () => 'found')).status).toBe('ok');
    await one.proposeAsync(UNGRANTED_TURN);
    const two = aRun({ run: { sink, id: 'run-2\u001b[2J' } }).run;
    const [secret] = callsOf(
      await two.proposeAsync(callsTurn(aCall('vault/use', { secret: 'sk-live-42' }))),
    );
    await two.dispatchAsync(secret);
    await two.proposeAsync(ANSWER_TURN);
  }
  sqlite.close();
  await postgres.close();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await dropSchema(schema);
});

const STORES = [
  ['SQLite', () => `sqlite:${file}`],
  ['PostgreSQL', () => pgStore],
] as const;

describe.concurrent.each(STORES)('toolgate records on %s', (_name, store) => {
  it('prints one SPEC §13 JSON object a line, oldest first', async () => {
    const result = await spawnCli(['records', '--store', store(), '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map(({ at: _at, record: _record, ...rest }) => rest)).toEqual([
      { type: 'turn', run: 'run-1', turn: 0, settled: 'tool' },
      { type: 'dispatch', run: 'run-1', turn: 0, call: 0, allowed: true, ref: 'search@1' },
      {
        type: 'turn',
        run: 'run-1',
        turn: 1,
        settled: 'rejected',
        check: 'proposal.granted',
        code: 'not_granted',
        ref: 'web-search@2',
      },
      { type: 'turn', run: 'run-2\u001b[2J', turn: 0, settled: 'tool' },
      {
        type: 'dispatch',
        run: 'run-2\u001b[2J',
        turn: 0,
        call: 0,
        allowed: false,
        check: 'dispatch.secret',
        code: 'secret_out_of_scope',
        ref: 'vault/use@1',
      },
      { type: 'turn', run: 'run-2\u001b[2J', turn: 1, settled: 'answer' },
    ]);
    for (const line of lines)
      expect(String(line.at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(lines[5]?.record).toEqual({
      index: 1,
      settled: 'answer',
      answer: 'done',
      spent: { turns: 1, toolCalls: 0 },
    });
    // The record is the redacted one: the secret value never reaches the store.
    expect(result.stdout).not.toContain('sk-live-42');
  });

  it('filters by run, code, tool ref or name, and time', async () => {
    // The filters themselves, read in this process (the SQL the CLI runs); one spawn checks the flags reach it.
    const location = store();
    const read = (filter: RecordFilter) =>
      location.startsWith('sqlite:')
        ? readSqliteRecords(file, filter)
        : readPostgresRecords(PG_URL, schema, filter);
    const counts = await Promise.all(
      [
        { run: 'run-1' },
        { code: 'secret_out_of_scope' },
        { tool: 'search@1' },
        { tool: 'search' },
        { tool: 'search@2' },
        { tool: 'sea' },
        { tool: 'vault/use' },
        { run: 'run-1', tool: 'web-search' },
        { since: start },
        { since: '2999-01-01T00:00:00.000Z' },
        { run: 'run-1', fires: true },
        { since: start, fires: true },
        { run: 'run-2\u001b[2J', fires: true },
      ].map(async (filter) => (await read(filter)).length),
    );
    // One fire row (run-1's search): listed only with fires, never by default.
    expect(counts).toEqual([3, 1, 2, 2, 0, 0, 2, 1, 6, 0, 4, 7, 3]);
    const fired = (await read({ run: 'run-1', fires: true })).map(({ at: _at, ...rest }) => rest);
    expect(fired.map(({ type }) => type)).toEqual(['turn', 'dispatch', 'fire', 'turn']);
    expect(fired[2]).toMatchObject({
      type: 'fire',
      run: 'run-1',
      turn: 0,
      record: { callIndex: 0, ref: 'search@1', status: 'ok' },
    });
    const result = await spawnCli([
      'records',
      '--store',
      location,
      '--json',
      '--run',
      'run-1',
      '--code',
      'not_granted',
      '--tool',
      'web-search@2',
      '--since',
      start.slice(0, 10),
    ]);
    expect(result.code).toBe(0);
    expect(
      result.stdout
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { turn: number }).turn),
    ).toEqual([1]);
  });

  it('lists fire rows with --fires, and only then', async () => {
    const typesOf = (stdout: string) =>
      stdout
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { type: string }).type);
    const args = ['records', '--store', store(), '--json', '--run', 'run-1'];
    const [plain, fires] = await Promise.all([spawnCli(args), spawnCli([...args, '--fires'])]);
    expect([plain.code, plain.stderr, typesOf(plain.stdout)]).toEqual([
      0,
      '',
      ['turn', 'dispatch', 'turn'],
    ]);
    expect([fires.code, fires.stderr, typesOf(fires.stdout)]).toEqual([
      0,
      '',
      ['turn', 'dispatch', 'fire', 'turn'],
    ]);
    const { at: _at, ...fire } = JSON.parse(fires.stdout.split('\n')[2] ?? '') as Record<
      string,
      unknown
    >;
    expect(fire).toEqual({
      type: 'fire',
      run: 'run-1',
      turn: 0,
      call: 0,
      ref: 'search@1',
      record: { callIndex: 0, ref: 'search@1', status: 'ok' },
    });
  });

  it('prints a table for people, with control characters escaped', async () => {
    const result = await spawnCli(['records', '--store', store(), '--code', 'secret_out_of_scope']);
    expect(result.code).toBe(0);
    const [header, row, extra] = result.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^AT +RUN +TURN +CALL +TYPE +OUTCOME +CODE +REF +REASON$/);
    expect(row).toMatch(
      / run-2\\u001b\[2J +0 +0 +dispatch +refused +secret_out_of_scope +vault\/use@1 +the secret \S+ is outside the granted secret scope$/,
    );
    expect(extra).toBeUndefined();
    expect(result.stdout).not.toContain('\u001b');
  });
});

describe.concurrent('toolgate records: bad input', () => {
  it('exits 2 for a store URL it cannot use, saying what it takes', async () => {
    const result = await spawnCli(['records', '--store', 'mysql://db/x']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'toolgate records: the store "mysql://db/x" must be sqlite:PATH (a file) or postgres://USER@HOST:PORT/DATABASE (see toolgate records --help)\n',
    );
  });

  it('exits 2 for an unreachable database, naming it with the password masked', async () => {
    const result = await spawnCli([
      'records',
      '--store',
      'postgres://postgres:hunter2@127.0.0.1:1/test',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^toolgate records: cannot read the PostgreSQL store postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/test: .*ECONNREFUSED.*; check the URL/,
    );
    expect(result.stderr).not.toContain('hunter2');
  });

  it('exits 2 for a missing SQLite file or a schema without records', async () => {
    const missing = await spawnCli(['records', '--store', `sqlite:${join(dir, 'none.db')}`]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /^toolgate records: cannot read the SQLite store sqlite:.*none\.db: /,
    );
    const empty = await spawnCli(['records', '--store', `${PG_URL}?schema=tg_no_such_schema`]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('schema tg_no_such_schema holds no toolgate records');
  });

  it('exits 2 for no store, an unknown option or a time that is not ISO 8601', async () => {
    expect((await spawnCli(['records'])).stderr).toContain('name the store: --store sqlite:PATH');
    const unknown = await spawnCli(['records', '--store', `sqlite:${file}`, '--colour']);
    expect([unknown.code, unknown.stderr]).toEqual([
      2,
      expect.stringContaining("Unknown option '--colour'"),
    ]);
    const since = await spawnCli(['records', '--store', `sqlite:${file}`, '--since', 'yesterday']);
    expect([since.code, since.stderr]).toEqual([
      2,
      expect.stringContaining('--since "yesterday" must be an ISO 8601 time'),
    ]);
  });

  it('shows its help', async () => {
    const result = await spawnCli(['records', '--help']);
    expect([result.code, result.stdout]).toEqual([
      0,
      expect.stringContaining('Usage: toolgate records --store'),
    ]);
  });
});
