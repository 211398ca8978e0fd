import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToolgateError } from '../../src/index.js';
import { createPostgresLedger } from '../../src/postgres/index.js';
import { PG_URL, aSchemaName, dropSchema } from '../helpers/postgres.js';

let schema: string;
beforeEach(() => {
  schema = aSchemaName('ledger');
});
afterEach(async () => {
  await dropSchema(schema);
});

describe('createPostgresLedger', () => {
  it('spends only on the state it was shown, across ledgers on one database', async () => {
    const a = await createPostgresLedger({ connectionString: PG_URL, schema });
    const b = await createPostgresLedger({ connectionString: PG_URL, schema });
    const fresh = await a.read('r');
    expect(fresh).toEqual({ turns: 0, toolCalls: 0, dead: false });
    expect(await a.spend('r', fresh, { turns: 1, toolCalls: 2, dead: false })).toBe(true);
    // b read nothing new: its spend on the stale state is refused.
    expect(await b.spend('r', fresh, { turns: 1, toolCalls: 1, dead: false })).toBe(false);
    const now = await b.read('r');
    expect(now).toEqual({ turns: 1, toolCalls: 2, dead: false });
    expect(await b.spend('r', now, { turns: 1, toolCalls: 0, dead: true })).toBe(true);
    expect(await a.read('r')).toEqual({ turns: 2, toolCalls: 2, dead: true });
    expect(await a.read('other')).toEqual({ turns: 0, toolCalls: 0, dead: false });
    await Promise.all([a.close(), b.close()]);
  });

  it('accepts an approval token once per run id, whichever ledger asks', async () => {
    const a = await createPostgresLedger({ connectionString: PG_URL, schema });
    const b = await createPostgresLedger({ connectionString: PG_URL, schema });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        (n % 2 === 0 ? a : b).acceptApproval('r', 'hmac-sha256:0f'),
      ),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await b.acceptApproval('s', 'hmac-sha256:0f')).toBe(true);
    await Promise.all([a.close(), b.close()]);
  });

  it('rejects at creation when the database cannot be reached', async () => {
    await expect(
      createPostgresLedger({ connectionString: 'postgres://postgres@127.0.0.1:1/test', schema }),
    ).rejects.toThrow(ToolgateError);
  });
});
