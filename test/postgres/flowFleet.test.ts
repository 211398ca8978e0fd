import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aSchemaName, aTestPool, dropSchema } from '../helpers/postgres.js';
import { runWorker } from '../helpers/spawnWorker.js';
import { deadline } from '../helpers/testEnv.js';

// SPEC §14.5: 8 real processes serve one run id through one PostgreSQL ledger; the grant's flow
// { after: private, deny: public } must hold across all of them, whatever the interleaving.
const pool = aTestPool();
let schema: string;
beforeEach(() => {
  schema = aSchemaName('flows');
});
afterEach(async () => {
  await dropSchema(schema);
});
afterAll(async () => {
  await pool.end();
});

interface Line {
  readonly pid: number;
  readonly step: number;
  readonly kind: 'read' | 'post';
  readonly sawPrivate: boolean;
  readonly allowed: boolean;
  readonly code?: string;
  readonly check?: string;
}

describe('a fleet sharing touched labels on one PostgreSQL', () => {
  it(
    'races 8 processes on one run id: once any process touched private, no process dispatches a public post',
    async () => {
      const results = await Promise.all(
        // Two processes read private now and then; the other six only post.
        Array.from({ length: 8 }, (_, n) =>
          runWorker(['flows', schema, 'flow-run', '40', n < 2 ? 'reader' : 'poster']),
        ),
      );
      for (const result of results) expect([result.code, result.stderr]).toEqual([0, '']);
      const lines = results.flatMap((result) =>
        result.stdout
          .trim()
          .split('\n')
          .map((text) => JSON.parse(text) as Line),
      );
      expect(lines).toHaveLength(320);
      const touched = await pool.query<{ seq: number; label: string }>(
        `SELECT seq, label FROM "${schema}".toolgate_ledger_touched WHERE run = 'flow-run' ORDER BY seq`,
      );
      const order = touched.rows.map((row) => row.label);
      const reads = lines.filter((line) => line.kind === 'read');
      const posts = lines.filter((line) => line.kind === 'post');
      // Reading private is never refused; every refusal is the flow's, none the ledger's.
      expect(reads.every((line) => line.allowed)).toBe(true);
      for (const line of posts.filter((post) => !post.allowed))
        expect([line.check, line.code]).toEqual(['dispatch.flow', 'flow_denied']);
      // In real time: a post that began after any process's private read was in the ledger was refused.
      expect(posts.filter((line) => line.sawPrivate && line.allowed)).toEqual([]);
      // In ledger order: a post was let through (public touched) only before private was touched.
      expect(order).toContain('private');
      if (order.includes('public'))
        expect(order.indexOf('public')).toBeLessThan(order.indexOf('private'));
      // Once private is in, every post of every process is refused, not only the reader's own.
      const readers = new Set(reads.map((line) => line.pid));
      const refusedElsewhere = posts.filter((line) => !line.allowed && !readers.has(line.pid));
      const stats = {
        reads: reads.length,
        posts: posts.length,
        allowedPosts: posts.filter((line) => line.allowed).length,
        refusedPosts: posts.filter((line) => !line.allowed).length,
        refusedInNonReaders: refusedElsewhere.length,
        order,
      };
      console.log(`flow fleet: ${JSON.stringify(stats)}`);
      // Each reader reads private at its step 5 at the latest, so the posters' later posts, 35
      // each, were refused for a label another process touched.
      expect(readers.size).toBe(2);
      expect(refusedElsewhere.length).toBeGreaterThan(0);
      expect(posts.filter((line) => line.sawPrivate).length).toBeGreaterThan(0);
    },
    deadline(150_000),
  );
});
