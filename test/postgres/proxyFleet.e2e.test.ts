import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aSchemaName, aTestPool, dropSchema, PG_URL } from '../helpers/postgres.js';
import { deadline } from '../helpers/testEnv.js';
import { aPolicy, aProxyClient, aWorkspace, firstText } from '../proxy/helpers.js';

/**
 * SPEC §14.4, issue 27 item 5: several `toolgate mcp` processes on one
 * PostgreSQL, recording to one table (`--records postgres://…`) and sharing
 * one run's budgets (`--ledger postgres://…` with one `--run-id`).
 */
const pool = aTestPool();
let schema: string;
beforeEach(() => {
  schema = aSchemaName('proxy');
});
afterEach(async () => {
  await dropSchema(schema);
});
afterAll(async () => {
  await pool.end();
});

const store = () => `${PG_URL}?schema=${schema}`;

describe('toolgate mcp on PostgreSQL', () => {
  it(
    'records 4 proxies × 200 concurrent calls: exactly 800 dispatch rows, no duplicate, every call run',
    async () => {
      const workspace = aWorkspace();
      const policy = aPolicy(workspace, { tools: ['fake/note@1'] });
      const proxies = await Promise.all(
        Array.from({ length: 4 }, () =>
          aProxyClient([
            '--policy',
            policy,
            '--records',
            store(),
            '--ledger',
            store(),
            '--run-id',
            'fleet',
          ]),
        ),
      );
      const answers = await Promise.all(
        proxies.flatMap(({ client }, proxy) =>
          Array.from({ length: 200 }, (_, index) =>
            client.callTool({
              name: 'fake__note_v1',
              arguments: { text: `p${String(proxy)}-${String(index)}` },
            }),
          ),
        ),
      );
      for (const { client } of proxies) await client.close();
      const texts = answers.map((answer) => firstText(answer));
      expect(texts.filter((text) => text.startsWith('noted: p'))).toHaveLength(800);
      const rows = await pool.query<{
        type: string;
        turn: number;
        allowed: boolean | null;
        session: string | null;
        text: string | null;
      }>(
        `SELECT type, turn, allowed, record->>'session' AS session,
                record->'calls'->0->'arguments'->>'text' AS text
           FROM "${schema}".toolgate_records WHERE run = 'fleet'`,
      );
      const of = (type: string) => rows.rows.filter((row) => row.type === type);
      // Every call is one turn row: 800, of 4 sessions (one per proxy), none twice.
      const turns = of('turn');
      expect(turns).toHaveLength(800);
      expect(new Set(turns.map((row) => row.text)).size).toBe(800);
      expect(new Set(turns.map((row) => `${String(row.session)}#${String(row.turn)}`)).size).toBe(
        800,
      );
      expect(new Set(turns.map((row) => row.session)).size).toBe(4);
      // And one allowed dispatch and one fire per turn, each naming its turn's session: no duplicate.
      const sessions = new Set(turns.map((row) => row.session));
      for (const type of ['dispatch', 'fire']) {
        const keys = of(type).map((row) => `${String(row.session)}#${String(row.turn)}`);
        expect(new Set(keys).size, type).toBe(800);
        expect(
          of(type).every((row) => sessions.has(row.session)),
          type,
        ).toBe(true);
      }
      // Each turn number of each process exactly once.
      for (const type of ['dispatch', 'fire']) {
        const list = of(type);
        expect(list, type).toHaveLength(800);
        const perTurn = new Map<number, number>();
        for (const row of list) perTurn.set(row.turn, (perTurn.get(row.turn) ?? 0) + 1);
        expect(
          [...perTurn.keys()].sort((a, b) => a - b),
          type,
        ).toEqual(Array.from({ length: 200 }, (_, turn) => turn));
        expect(
          [...perTurn.values()].every((count) => count === 4),
          type,
        ).toBe(true);
      }
      expect(of('dispatch').every((row) => row.allowed === true)).toBe(true);
    },
    deadline(120_000),
  );

  it(
    'shares one budget between proxies and reconnects: toolCalls 12 allows exactly 12 of 40 calls',
    async () => {
      const workspace = aWorkspace();
      const policy = aPolicy(workspace, { tools: ['fake/note@1'], budgets: { toolCalls: 12 } });
      const args = ['--policy', policy, '--ledger', store(), '--run-id', 'budgeted'];
      let allowed = 0;
      // 4 proxies, each connected twice in turn (a client that reconnects), 5 calls a connection.
      for (let round = 0; round < 2; round++) {
        const proxies = await Promise.all(Array.from({ length: 4 }, () => aProxyClient(args)));
        const answers = await Promise.all(
          proxies.flatMap(({ client }) =>
            Array.from({ length: 5 }, (_, index) =>
              client.callTool({ name: 'fake__note_v1', arguments: { text: String(index) } }),
            ),
          ),
        );
        for (const { client } of proxies) await client.close();
        allowed += answers.filter((answer) => answer.isError !== true).length;
      }
      expect(allowed).toBe(12);
      const ledger = await pool.query<{ tool_calls: number }>(
        `SELECT tool_calls FROM "${schema}".toolgate_ledger WHERE run = 'budgeted'`,
      );
      expect(ledger.rows).toEqual([{ tool_calls: 12 }]);
    },
    deadline(120_000),
  );
});
