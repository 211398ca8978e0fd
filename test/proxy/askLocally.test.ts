import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { ApprovalQueue, ApprovalStatus, PendingApproval } from '../../src/approvals/types.js';
import { askLocally } from '../../src/proxy/askLocally.js';

/** A queue in memory whose approval is answered after `polls` reads. */
function aQueue(polls: number, answer: ApprovalStatus): ApprovalQueue & { reads: number } {
  let status: ApprovalStatus = 'pending';
  const queue = {
    reads: 0,
    add: async (pending: Omit<PendingApproval, 'id' | 'createdAt'>) => {
      await Promise.resolve();
      return { ...pending, id: 'abcdefabcdef', createdAt: new Date().toISOString() };
    },
    get: async (id: string) => {
      await Promise.resolve();
      queue.reads += 1;
      if (queue.reads > polls && status === 'pending') status = answer;
      return {
        id,
        run: 'r',
        ref: 'a@1',
        digest: 'd',
        arguments: '{}',
        resources: [],
        createdAt: '',
        status,
      };
    },
    answer: () => Promise.resolve('ended' as const),
    expire: () => {
      if (status === 'pending') status = 'timed_out';
      return Promise.resolve(status);
    },
    pending: () => Promise.resolve([]),
    close: () => Promise.resolve(),
  };
  return queue;
}

const PENDING = { run: 'r', ref: 'a@1', digest: 'd', arguments: '{}', resources: [] };

describe('askLocally', () => {
  it('polls until the answer, leaving no abort listener behind however many pauses it took', async () => {
    const queue = aQueue(15, 'approved');
    const signal = new AbortController().signal;
    const lines: string[] = [];
    expect(await askLocally(queue, PENDING, 60_000, signal, (line) => lines.push(line))).toBe(
      'approved',
    );
    expect(queue.reads).toBe(16);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
    expect(lines[0]).toContain('toolgate approvals approve abcdefabcdef');
  });

  it('ends the wait as timed_out when the signal aborts, unless an answer came first', async () => {
    const controller = new AbortController();
    const waiting = askLocally(
      aQueue(Infinity, 'approved'),
      PENDING,
      60_000,
      controller.signal,
      () => undefined,
    );
    setTimeout(() => {
      controller.abort();
    }, 50);
    expect(await waiting).toBe('timed_out');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
