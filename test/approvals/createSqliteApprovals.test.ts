import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteApprovals } from '../../src/sqlite/createSqliteApprovals.js';
import { aTempDir } from '../helpers/scratch.js';

let dir: string;
beforeEach(() => {
  dir = aTempDir('approvals');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const A_CALL = {
  run: 'r1',
  ref: 'fs/write_file@1',
  digest: `sha256:${'a'.repeat(64)}`,
  arguments: '{"path":"/d/b.txt"}',
  resources: ['/d/b.txt'],
};

describe('createSqliteApprovals', () => {
  it('keeps a pending approval that another connection lists and answers once', () => {
    const file = join(dir, 'records.db');
    const proxy = createSqliteApprovals(file);
    const person = createSqliteApprovals(file);
    const added = proxy.add({ ...A_CALL, session: 's1' });
    expect(added.id).toMatch(/^[0-9a-f]{12}$/);
    expect(person.pending()).toEqual([
      { ...A_CALL, session: 's1', id: added.id, createdAt: added.createdAt, status: 'pending' },
    ]);
    expect(person.answer(added.id, 'approved', 'ada')).toBe('answered');
    expect(person.answer(added.id, 'denied', 'bob')).toBe('ended');
    expect(person.answer('000000000000', 'denied', 'bob')).toBe('unknown');
    // The proxy sees the answer; expiring it afterwards keeps the answer.
    expect(proxy.get(added.id)).toMatchObject({ status: 'approved', answeredBy: 'ada' });
    expect(proxy.expire(added.id)).toBe('approved');
    expect(person.pending()).toEqual([]);
    proxy.close();
    person.close();
  });

  it('ends an unanswered approval as timed out, after which no answer lands', () => {
    const queue = createSqliteApprovals(join(dir, 'records.db'));
    const { id } = queue.add(A_CALL);
    expect(queue.expire(id)).toBe('timed_out');
    expect(queue.answer(id, 'approved', 'ada')).toBe('ended');
    expect(queue.get(id)).toMatchObject({ status: 'timed_out' });
    expect(queue.get(id)?.answeredBy).toBeUndefined();
    queue.close();
  });

  it('refuses a file it cannot open with ToolgateError naming it', () => {
    expect(() => createSqliteApprovals(join(dir, 'missing', 'records.db'))).toThrow(
      /the approvals of the SQLite store .*missing\/records\.db cannot be opened/,
    );
  });
});
