import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { suggest } from '../../src/cli/commands/suggest.js';
import { createGate, createGrant, createRegistry, createRun } from '../../src/index.js';
import { createPostgresSink } from '../../src/postgres/index.js';
import { PG_URL, aSchemaName, dropSchema } from '../helpers/postgres.js';
import { aMemoryIo } from '../helpers/memoryIo.js';
import { aTempDir } from '../helpers/scratch.js';

/** `toolgate suggest --store postgres://…`: the records of an audit run read back from PostgreSQL. */

let schema: string;
let dir: string;
beforeEach(() => {
  schema = aSchemaName('suggest');
  dir = aTempDir('suggest-pg');
});
afterEach(async () => {
  await dropSchema(schema);
  rmSync(dir, { recursive: true, force: true });
});

describe('toolgate suggest over PostgreSQL records', () => {
  it('suggests the grant for the runs stored there, and --since leaves older rows out', async () => {
    const sink = await createPostgresSink({ connectionString: PG_URL, schema });
    const grant = createGrant({ tools: ['fs-read@1', 'fs-write@1'], folders: ['/srv'] });
    const run = createRun({
      gate: createGate({ registry: createRegistry() }),
      grant,
      sink,
      id: 'pg-run',
      enforce: false,
    });
    for (const path of ['/srv/app/a.md', '/srv/app/b.md']) {
      const record = await run.proposeAsync({
        calls: [{ tool: 'fs-read', version: 1, shape: 'read', arguments: { path } }],
      });
      for (const call of record.calls ?? []) await run.dispatchAsync(call);
    }
    await sink.close();
    const policy = join(dir, 'policy.yaml');
    writeFileSync(
      policy,
      'version: 1\ngrants:\n  default:\n    tools: [fs-read@1, fs-write@1]\n    folders: [/srv]\n',
    );
    const io = aMemoryIo();
    const store = `${PG_URL}?schema=${schema}`;
    expect(await suggest(['--policy', policy, '--store', store, '--json'], io), io.err()).toBe(0);
    const answer = JSON.parse(io.out()) as { grant: { tools: string[]; folders: unknown[] } };
    expect(answer.grant.tools).toEqual(['fs-read@1']);
    expect(answer.grant.folders).toEqual([{ path: '/srv/app', access: 'read' }]);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(await suggest(['--policy', policy, '--store', store, '--since', later], io)).toBe(2);
    expect(io.err()).toContain('no records');
  });
});
