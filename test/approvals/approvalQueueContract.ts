import { describe, expect, it } from 'vitest';
import type { ApprovalQueue } from '../../src/approvals/types.js';

/** A call waiting for a person, as the proxy stores it. */
export const A_CALL = {
  run: 'r1',
  ref: 'fs/write_file@1',
  digest: `sha256:${'a'.repeat(64)}`,
  arguments: '{"path":"/d/b.txt"}',
  resources: ['/d/b.txt'],
};

/**
 * What every store's pending approvals must do (SPEC §14.6), run against
 * SQLite and PostgreSQL alike: `open` gives a new connection to one store
 * each time it is called in a test (the proxy's and the person's).
 */
export function describeApprovalQueue(store: string, open: () => Promise<ApprovalQueue>): void {
  describe(`the pending approvals of ${store}`, () => {
    it('keeps a pending approval that another connection lists and answers once', async () => {
      const proxy = await open();
      const person = await open();
      try {
        const added = await proxy.add({ ...A_CALL, session: 's1' });
        expect(added.id).toMatch(/^[0-9a-f]{12}$/);
        expect(Date.parse(added.createdAt)).not.toBeNaN();
        expect(await person.pending()).toEqual([
          { ...A_CALL, session: 's1', id: added.id, createdAt: added.createdAt, status: 'pending' },
        ]);
        expect(await person.answer(added.id, 'approved', 'ada')).toBe('answered');
        expect(await person.answer(added.id, 'denied', 'bob')).toBe('ended');
        expect(await person.answer('000000000000', 'denied', 'bob')).toBe('unknown');
        // The proxy sees the answer; expiring it afterwards keeps the answer.
        const seen = await proxy.get(added.id);
        expect(seen).toMatchObject({ status: 'approved', answeredBy: 'ada' });
        expect(Date.parse(seen?.answeredAt ?? '')).not.toBeNaN();
        expect(await proxy.expire(added.id)).toBe('approved');
        expect(await person.pending()).toEqual([]);
      } finally {
        await proxy.close();
        await person.close();
      }
    });

    it('ends an unanswered approval as timed out, after which no answer lands', async () => {
      const queue = await open();
      try {
        const { id } = await queue.add(A_CALL);
        expect(await queue.expire(id)).toBe('timed_out');
        expect(await queue.answer(id, 'approved', 'ada')).toBe('ended');
        const ended = await queue.get(id);
        expect(ended).toMatchObject({ status: 'timed_out' });
        expect(ended?.answeredBy).toBeUndefined();
        expect(await queue.expire('000000000000')).toBeUndefined();
      } finally {
        await queue.close();
      }
    });

    it('counts exactly one of many answers given at once, from two connections', async () => {
      const proxy = await open();
      const people = [await open(), await open()];
      try {
        const { id } = await proxy.add(A_CALL);
        const answers = await Promise.all(
          Array.from({ length: 16 }, (_, i) =>
            (people[i % 2] as ApprovalQueue)
              .answer(id, i % 3 === 0 ? 'denied' : 'approved', `person-${String(i)}`)
              .then((result) => ({ result, i })),
          ),
        );
        const won = answers.filter(({ result }) => result === 'answered');
        expect(won).toHaveLength(1);
        expect(answers.filter(({ result }) => result === 'ended')).toHaveLength(15);
        const { i } = won[0] as { i: number };
        expect(await proxy.get(id)).toMatchObject({
          status: i % 3 === 0 ? 'denied' : 'approved',
          answeredBy: `person-${String(i)}`,
        });
      } finally {
        await proxy.close();
        await Promise.all(people.map((person) => person.close()));
      }
    });

    it('lists only what still waits, oldest first, and keeps any text as it was given', async () => {
      const queue = await open();
      try {
        const odd = {
          ...A_CALL,
          run: 'run "quoted" ✓',
          arguments: JSON.stringify({ path: '/d/é\n\u202e.txt', content: '\\u0000 "x"' }),
          resources: ['/d/é\n\u202e.txt', 'api.example.com:443'],
        };
        const first = await queue.add(odd);
        const second = await queue.add(A_CALL);
        const third = await queue.add({ ...A_CALL, run: 'r3' });
        await queue.answer(second.id, 'denied', 'ada');
        const listed = await queue.pending();
        expect(listed.map((approval) => approval.id)).toEqual([first.id, third.id]);
        expect(listed[0]).toEqual({
          ...odd,
          id: first.id,
          createdAt: first.createdAt,
          status: 'pending',
        });
        expect(listed[0]?.session).toBeUndefined();
      } finally {
        await queue.close();
      }
    });
  });
}
