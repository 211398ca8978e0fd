import { describe, expect, it } from 'vitest';
import { runInProcess } from './helpers.js';

const OLD = `version: 1
grants:
  coder:
    tools: [fs-read@1]
    folders: [/workspace, '!**/.env']
    network: ['*.github.com']
    secrets: [GITHUB_TOKEN]
    budgets: { turns: 5 }
  reviewer:
    tools: [fs-read@1]
`;
const NEW = `version: 1
grants:
  coder:
    tools: [fs-read@1, fs-write@1]
    folders: [/workspace]
    network: ['*']
    secrets: [GITHUB_TOKEN]
  reviewer:
    tools: [fs-read@1]
  auditor:
    tools: [fs-read@1]
    folders: [{ path: /logs, access: read }]
`;
const FILES = { 'old.yaml': OLD, 'new.yaml': NEW };
const diff = (...args: string[]) => runInProcess(['diff', ...args], FILES);

describe('toolgate diff', () => {
  it('names a dropped flow rule as a widening, and exits 1', () => {
    const policy = (flows: string) =>
      `version: 1\ngrants:\n  g:\n    tools: [fs-read@1]\n    folders: [/home/me]\n    labels:\n      private: { folders: ['/home/me/mail/**'] }\n      public: { network: ['*'] }\n    flows: ${flows}\n`;
    const result = runInProcess(['diff', 'a.yaml', 'b.yaml'], {
      'a.yaml': policy('[{ after: private, deny: public }]'),
      'b.yaml': policy('[]'),
    });
    expect(result.stdout.split('\n').slice(0, 2)).toEqual([
      'grant g: wider than before',
      '  flow    { after: private, deny: public }  (dropped, weakened, or a label it names narrowed)',
    ]);
    expect(result.code).toBe(1);
  });

  it('calls a narrowed class deny wider, and exits 1 (SPEC §14.3: it said "no wider than before", exit 0)', () => {
    const policy = (deny: string) =>
      `version: 1\ngrants:\n  coder:\n    tools: [fs-read@1]\n    folders: [/srv/app, '${deny}']\n`;
    const result = runInProcess(['diff', 'a.yaml', 'b.yaml'], {
      'a.yaml': policy('!**/[Ss]ecrets/**'),
      'b.yaml': policy('!**/[S]ecrets/**'),
    });
    expect(result.stdout).toContain('grant coder: wider than before');
    expect(result.stdout).toContain(
      'folder  read /srv/app/secrets/x  (no longer denied by !**/[Ss]ecrets/**)',
    );
    expect(result.code).toBe(1);
  });

  it('prints a deny too large to compare exactly as a widening to review, and exits 1', () => {
    const policy = (deny: string) =>
      `version: 1\ngrants:\n  coder:\n    tools: [fs-read@1]\n    folders: [/srv/app, '${deny}']\n`;
    const result = runInProcess(['diff', 'a.yaml', 'b.yaml'], {
      'a.yaml': policy('!**/[a-z][a-z][a-z]'),
      'b.yaml': policy('!**/???'),
    });
    expect(result.stdout).toContain(
      'folder  read /srv/app/aaa  (!**/[a-z][a-z][a-z] is dropped or changed and has too many combinations to compare exactly: review it)',
    );
    expect(result.code).toBe(1);
  });

  it('prints each widening with its witness and exits 1 when NEW is wider', () => {
    const result = diff('old.yaml', 'new.yaml', '--grant', 'coder');
    expect(result.stdout).toBe(
      [
        'grant coder: wider than before',
        '  tool    fs-write@1  (allowed by fs-write@1)',
        '  folder  read /workspace/.env  (no longer denied by !**/.env)',
        '  folder  write /workspace/.env  (no longer denied by !**/.env)',
        '  network x.x:80  (allowed by *)',
        '  budget  turns 5 -> unlimited  (budgets.turns dropped)',
        'new.yaml allows more than old.yaml: 5 widenings',
        '',
      ].join('\n'),
    );
    expect(result.code).toBe(1);
  });

  it('exits 0 when NEW is narrower or equal', () => {
    const result = diff('new.yaml', 'old.yaml', '--grant', 'coder');
    expect(result.stdout).toBe(
      'grant coder: no wider than before\nold.yaml allows nothing new.yaml does not\n',
    );
    expect(result.code).toBe(0);
    expect(diff('old.yaml', 'old.yaml').code).toBe(0);
  });

  it('compares every grant of NEW by name, a new grant against an empty one', () => {
    const result = diff('old.yaml', 'new.yaml', '--json');
    expect(result.code).toBe(1);
    const printed = JSON.parse(result.stdout) as {
      subset: boolean;
      grants: Record<string, { subset: boolean; widenings?: { kind: string; witness: unknown }[] }>;
    };
    expect(printed.subset).toBe(false);
    expect(Object.keys(printed.grants)).toEqual(['coder', 'reviewer', 'auditor']);
    expect(printed.grants.reviewer).toEqual({ subset: true });
    expect(printed.grants.auditor?.widenings).toEqual([
      { kind: 'tool', entry: 'fs-read@1', witness: 'fs-read@1' },
      {
        kind: 'folder',
        entry: { path: '/logs', access: 'read' },
        witness: { path: '/logs', access: 'read' },
      },
    ]);
  });

  it('exits 2 for a grant one file lacks, a missing file, or a wrong argument count', () => {
    const missing = diff('old.yaml', 'new.yaml', '--grant', 'auditor');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      'toolgate diff: old.yaml has no grant "auditor" (the grants are coder, reviewer)\n',
    );
    expect(diff('old.yaml', 'nope.yaml').code).toBe(2);
    const usage = diff('old.yaml');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe(
      'toolgate diff: name two policy files: toolgate diff OLD NEW (see toolgate diff --help)\n',
    );
  });
});
