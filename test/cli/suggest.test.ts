import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { suggest } from '../../src/cli/commands/suggest.js';
import { createGate, createGrant, createRegistry, createRun } from '../../src/index.js';
import { createJsonlFileSink } from '../../src/node/index.js';
import { aMemoryIo } from '../helpers/memoryIo.js';
import { aTempDir } from '../helpers/scratch.js';

/** `toolgate suggest` in this process, over a JSONL record file a run wrote. */

let dir: string;
beforeEach(() => {
  dir = aTempDir('suggest');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function run(args: readonly string[]) {
  const io = aMemoryIo();
  const code = await suggest(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

/** Two runs in audit mode (reads under /srv/app; one write) and one enforcing run a folder refused. */
function recordRuns(file: string): void {
  const gate = createGate({ registry: createRegistry() });
  const sink = createJsonlFileSink(file);
  const grant = createGrant({ tools: ['fs-read@1', 'fs-write@1'], folders: ['/srv/app'] });
  const calls = (runId: string, enforce: boolean, turns: [string, string, string][]) => {
    const session = createRun({ gate, grant, sink, id: runId, enforce });
    for (const [tool, shape, path] of turns) {
      const args = tool === 'fs-write' ? { path, content: '' } : { path };
      const record = session.propose({ calls: [{ tool, version: 1, shape, arguments: args }] });
      for (const call of record.calls ?? []) session.dispatch(call);
    }
  };
  calls('a', false, [
    ['fs-read', 'read', '/srv/app/README.md'],
    ['fs-read', 'read', '/srv/app/src/index.ts'],
  ]);
  calls('b', false, [['fs-write', 'overwrite', '/srv/app/out/report.md']]);
  calls('c', true, [['fs-read', 'read', '/etc/passwd']]);
  sink.close();
}

describe('toolgate suggest over JSONL records', () => {
  it('suggests from every run, notes the enforced refusal, and chooses runs with --run', async () => {
    const records = join(dir, 'records.jsonl');
    recordRuns(records);
    const policy = join(dir, 'policy.yaml');
    writeFileSync(
      policy,
      'version: 1\ngrants:\n  default:\n    tools: [fs-read@1, fs-write@1]\n    folders: [/srv]\n',
    );
    const all = await run(['--policy', policy, '--store', `jsonl:${records}`]);
    expect(all.code, all.stderr).toBe(0);
    const grant = (parse(all.stdout) as { grants: { default: Record<string, unknown> } }).grants
      .default;
    expect(grant.tools).toEqual(['fs-read@1', 'fs-write@1']);
    expect(grant.folders).toEqual(
      [
        { path: '/srv/app/out', access: 'write' },
        { path: '/srv/app', access: 'read' },
      ].sort((x, y) => x.path.localeCompare(y.path)),
    );
    expect(all.stdout).toContain('from 3 runs');
    expect(all.stdout).toMatch(
      /^# note: the current grant refused fs-read@1 \(folder_out_of_scope: /m,
    );

    const one = await run([
      '--policy',
      policy,
      '--store',
      `jsonl:${records}`,
      '--run',
      'a',
      '--json',
    ]);
    expect(one.code, one.stderr).toBe(0);
    const answer = JSON.parse(one.stdout) as { grant: { tools: string[]; folders: unknown[] } };
    expect(answer.grant.tools).toEqual(['fs-read@1']);
    expect(answer.grant.folders).toEqual([{ path: '/srv/app', access: 'read' }]);

    const none = await run(['--policy', policy, '--store', `jsonl:${records}`, '--run', 'zz']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no records of the runs zz');
    const since = await run([
      '--policy',
      policy,
      '--store',
      `jsonl:${records}`,
      '--since',
      '2026-01-01T00:00:00Z',
    ]);
    expect(since.code).toBe(2);
    expect(since.stderr).toContain('JSONL records carry no time');
  });
});
