import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { toProviderToolName } from '../../src/index.js';
import { deadline } from '../helpers/testEnv.js';
import { CLI, aPolicy, aProxyClient, aWorkspace, firstText } from './helpers.js';

/**
 * The loop `toolgate suggest` is for: a session through `toolgate mcp
 * --audit` in front of the real filesystem server, under a grant of the
 * tools alone; `suggest` on its records; the suggested grant, enforced,
 * allows the same session and refuses a read outside what it used.
 */

const tool = (ref: string) => toProviderToolName(ref);

/** The scripted session: list the data folder, read a file, write one. */
async function session(client: Client, data: string) {
  return [
    await client.callTool({ name: tool('fs/list_directory@1'), arguments: { path: data } }),
    await client.callTool({
      name: tool('fs/read_text_file@1'),
      arguments: { path: join(data, 'a.txt') },
    }),
    await client.callTool({
      name: tool('fs/write_file@1'),
      arguments: { path: join(data, 'out.txt'), content: 'written\n' },
    }),
  ] as { isError?: boolean; content?: unknown }[];
}

describe('toolgate suggest', () => {
  it(
    'learns the grant from an audit session, and the grant it suggests allows that session and no more',
    async () => {
      const workspace = aWorkspace();
      const tools = [
        'fs/read_text_file@1',
        'fs/write_file@1',
        'fs/list_directory@1',
        'fake/note@1',
      ];
      const policy = aPolicy(workspace, { tools, folders: [] });
      const audit = await aProxyClient(['--policy', policy, '--audit', '--run-id', 'session-1']);
      const audited = await session(audit.client, workspace.data);
      expect(audited.map((result) => result.isError === true)).toEqual([false, false, false]);
      await audit.client.close();

      const suggested = spawnSync(
        process.execPath,
        [CLI, 'suggest', '--policy', policy, '--grant', 'default'],
        { encoding: 'utf8' },
      );
      expect(suggested.status, suggested.stderr).toBe(0);
      // The output is YAML (the diff is in comments), with what each entry covers.
      const grant = (parse(suggested.stdout) as { grants: { default: Record<string, unknown> } })
        .grants.default;
      expect(grant).toEqual({
        tools: ['fs/read_text_file@1', 'fs/write_file@1', 'fs/list_directory@1'],
        folders: [{ path: workspace.data, access: 'write' }],
        network: [],
        secrets: [],
        budgets: { turns: 5, toolCalls: 5, callsPerTurn: 2 },
      });
      expect(suggested.stdout).toContain(`"fs/read_text_file@1"   # 1 call, 1 run`);
      expect(suggested.stdout).toContain(
        `{"path":${JSON.stringify(workspace.data)},"access":"write"}   # 3 calls, 1 run`,
      );
      expect(suggested.stdout).toContain('# It takes away from the current grant (4):');
      expect(suggested.stdout).toMatch(
        /^# {3}tool {4}fake\/note@1 {2}\(no recorded call needed it\)$/m,
      );
      expect(suggested.stdout).toMatch(/^# {3}budget {2}turns unlimited -> 5$/m);
      expect(suggested.stdout).toContain(
        '# It allows beyond the current grant, what the runs used (2):',
      );
      expect(suggested.stdout).toMatch(
        new RegExp(`^# {3}folder  write ${workspace.data.replaceAll('/', '\\/')}`, 'm'),
      );

      // --json: { grant, diff }.
      const asJson = spawnSync(
        process.execPath,
        [CLI, 'suggest', '--policy', policy, '--grant', 'default', '--json', '--run', 'session-1'],
        { encoding: 'utf8' },
      );
      expect(asJson.status, asJson.stderr).toBe(0);
      const answer = JSON.parse(asJson.stdout) as { grant: unknown; diff: { subset: boolean } };
      expect(Object.keys(answer)).toEqual(['grant', 'diff']);
      expect(answer.grant).toEqual(grant);
      expect(answer.diff.subset).toBe(false);

      // The suggested grant, enforced (no --audit), in a policy of its own.
      const enforced = join(workspace.dir, 'enforced');
      mkdirSync(enforced);
      const written = JSON.parse(readFileSync(policy, 'utf8')) as {
        grants: Record<string, unknown>;
      };
      const next = join(enforced, 'policy.yaml');
      writeFileSync(next, JSON.stringify({ ...written, grants: { default: grant } }, null, 2));
      const strict = await aProxyClient(['--policy', next]);
      const again = await session(strict.client, workspace.data);
      expect(again.map((result) => result.isError === true)).toEqual([false, false, false]);
      expect(firstText(again[1])).toBe('hello from a\n');
      const outside = (await strict.client.callTool({
        name: tool('fs/read_text_file@1'),
        arguments: { path: join(workspace.dir, 'secret.txt') },
      })) as { isError?: boolean };
      expect(outside.isError).toBe(true);
      expect(firstText(outside)).toContain('is outside the granted folder scope');
      const note = (await strict.client.callTool({
        name: tool('fake/note@1'),
        arguments: { text: 'x' },
      })) as { isError?: boolean };
      expect(note.isError).toBe(true);
      await strict.client.close();
    },
    deadline(90_000),
  );

  it('refuses a policy without the grant, and a store without records, with exit 2', () => {
    const workspace = aWorkspace();
    const policy = aPolicy(workspace);
    const noGrant = spawnSync(
      process.execPath,
      [CLI, 'suggest', '--policy', policy, '--grant', 'nope'],
      { encoding: 'utf8' },
    );
    expect(noGrant.status).toBe(2);
    expect(noGrant.stderr).toContain('the grants of');
    const noRecords = spawnSync(
      process.execPath,
      [CLI, 'suggest', '--policy', policy, '--store', `jsonl:${join(workspace.dir, 'none.jsonl')}`],
      { encoding: 'utf8' },
    );
    expect(noRecords.status).toBe(2);
    expect(noRecords.stderr).toContain('cannot read the records');
  });
});
