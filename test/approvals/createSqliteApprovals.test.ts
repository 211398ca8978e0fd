import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteApprovals } from '../../src/sqlite/createSqliteApprovals.js';
import { createSqliteSink } from '../../src/sqlite/createSqliteSink.js';
import { aTempDir } from '../helpers/scratch.js';
import { A_CALL, describeApprovalQueue } from './approvalQueueContract.js';

let dir: string;
beforeEach(() => {
  dir = aTempDir('approvals');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describeApprovalQueue('a SQLite file', () =>
  Promise.resolve(createSqliteApprovals(join(dir, 'records.db'))),
);

describe('createSqliteApprovals', () => {
  const opened: Database.Database[] = [];
  afterAll(() => {
    for (const db of opened) db.close();
  });
  const versions = (file: string) => {
    const db = new Database(file, { readonly: true });
    opened.push(db);
    return db.prepare('SELECT version FROM toolgate_approvals_migrations').all();
  };

  it('lives beside the records in one file, versioned apart from them, and migrates once', async () => {
    const file = join(dir, 'records.db');
    const sink = createSqliteSink(file);
    const queue = createSqliteApprovals(file);
    const { id } = await queue.add(A_CALL);
    await queue.close();
    sink.close();
    const again = createSqliteApprovals(file);
    expect((await again.get(id))?.status).toBe('pending');
    await again.close();
    expect(versions(file)).toEqual([{ version: 1 }]);
  });

  it('adopts the unversioned table the first proxies made, keeping its rows', async () => {
    const file = join(dir, 'records.db');
    const old = new Database(file);
    old.exec(`CREATE TABLE toolgate_approvals (
      id TEXT PRIMARY KEY, run TEXT NOT NULL, session TEXT, ref TEXT NOT NULL, digest TEXT NOT NULL,
      arguments TEXT NOT NULL, resources TEXT NOT NULL, created_at TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'denied', 'timed_out')),
      answered_by TEXT, answered_at TEXT) STRICT`);
    old
      .prepare(
        `INSERT INTO toolgate_approvals VALUES ('0123456789ab', 'r0', NULL, 'a@1', 'd', '{}', '["/x"]', '2026-12-01T00:00:00.000Z', 'pending', NULL, NULL)`,
      )
      .run();
    old.close();
    const queue = createSqliteApprovals(file);
    expect(await queue.pending()).toEqual([
      {
        id: '0123456789ab',
        run: 'r0',
        ref: 'a@1',
        digest: 'd',
        arguments: '{}',
        resources: ['/x'],
        createdAt: '2026-12-01T00:00:00.000Z',
        status: 'pending',
      },
    ]);
    await queue.close();
    expect(versions(file)).toEqual([{ version: 1 }]);
  });

  it('refuses a file whose approvals are newer than this package, naming the version', () => {
    const file = join(dir, 'records.db');
    const db = new Database(file);
    db.exec(
      'CREATE TABLE toolgate_approvals_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
    );
    db.prepare("INSERT INTO toolgate_approvals_migrations VALUES (1, 'x'), (2, 'x')").run();
    db.close();
    expect(() => createSqliteApprovals(file)).toThrow(
      'toolgate_approvals_migrations has schema version 2, newer than this toolgate knows (1); upgrade toolgate',
    );
  });

  it('refuses a file it cannot open with ToolgateError naming it', () => {
    expect(() => createSqliteApprovals(join(dir, 'missing', 'records.db'))).toThrow(
      /the approvals of the SQLite store .*missing\/records\.db cannot be opened/,
    );
  });
});
