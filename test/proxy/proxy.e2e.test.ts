import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CALL_TIMEOUT_MS,
  aPolicy,
  aProxyClient,
  aWorkspace,
  factsOf,
  firstText,
  reasonOf,
} from './helpers.js';
import { deadline } from '../helpers/testEnv.js';

describe('toolgate mcp over stdio, in front of the real filesystem server and a fake one', () => {
  const workspace = aWorkspace();
  let client: Client;
  let stderr: () => string;
  beforeAll(async () => {
    const policy = aPolicy(workspace);
    ({ client, stderr } = await aProxyClient(['--policy', policy, '--run-id', 'e2e']));
  }, deadline(30_000));
  afterAll(async () => {
    await client.close();
  });

  it('lists only the granted tools, under provider-safe names, with the servers’ own definitions', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'fs__read_text_file_v1',
      'fs__write_file_v1',
      'fake__note_v1',
      'fake__crash_v1',
      'fake__hang_v1',
    ]);
    expect(tools[0]?.description).toMatch(/^Read the complete contents of a file/);
    expect(tools[0]?.inputSchema).toMatchObject({ properties: { path: { type: 'string' } } });
  });

  it('passes an allowed read to the server and its result back', async () => {
    const result = await client.callTool({
      name: 'fs__read_text_file_v1',
      arguments: { path: join(workspace.data, 'a.txt') },
    });
    expect(result.isError).not.toBe(true);
    expect(firstText(result)).toBe('hello from a\n');
  });

  it('refuses reads outside the folder, through .., through a symlink and of a denied file, with the §7 reason', async () => {
    const cases: [string, string][] = [
      [join(workspace.dir, 'secret.txt'), join(workspace.dir, 'secret.txt')],
      [`${workspace.data}/../secret.txt`, join(workspace.dir, 'secret.txt')],
      [join(workspace.data, 'link.txt'), join(workspace.data, 'link.txt')],
      [join(workspace.data, '.env'), join(workspace.data, '.env')],
    ];
    for (const [path, shown] of cases) {
      const result = await client.callTool({ name: 'fs__read_text_file_v1', arguments: { path } });
      expect(result.isError, path).toBe(true);
      expect(reasonOf(result), path).toBe(`the path ${shown} is outside the granted folder scope`);
      // SPEC §14.4: why, on the next line, as toolgate check --explain says it.
      expect(factsOf(result).length, path).toBeGreaterThan(0);
    }
    const denied = await client.callTool({
      name: 'fs__read_text_file_v1',
      arguments: { path: join(workspace.data, '.env') },
    });
    expect(factsOf(denied)).toEqual(['/path: the deny entry !**/.env takes it away']);
    const relative = await client.callTool({
      name: 'fs__read_text_file_v1',
      arguments: { path: 'a.txt' },
    });
    expect(reasonOf(relative)).toBe('the path a.txt is outside the granted folder scope');
    expect(factsOf(relative).join('\n')).toContain('absolute');
  });

  it('refuses a write under a read-only folder grant, and an ungranted tool by its ref', async () => {
    const write = await client.callTool({
      name: 'fs__write_file_v1',
      arguments: { path: join(workspace.data, 'b.txt'), content: 'x' },
    });
    expect(reasonOf(write)).toBe(
      `the path ${join(workspace.data, 'b.txt')} is outside the granted folder scope`,
    );
    const list = await client.callTool({
      name: 'fs__list_directory_v1',
      arguments: { path: workspace.data },
    });
    expect(list.isError).toBe(true);
    expect(reasonOf(list)).toBe(
      'the proposed tool fs/list_directory@1 is not granted to this run or is no longer registered',
    );
  });

  it('serves two servers in one proxy', async () => {
    const result = await client.callTool({ name: 'fake__note_v1', arguments: { text: 'hi' } });
    expect(firstText(result)).toBe('noted: hi');
  });

  it(
    'bounds a hung call with the deadline, and keeps serving',
    async () => {
      const result = await client.callTool({ name: 'fake__hang_v1', arguments: {} });
      expect(result.isError).toBe(true);
      expect(firstText(result)).toBe(
        `the call to fake/hang@1 did not finish within ${String(CALL_TIMEOUT_MS)} ms`,
      );
    },
    deadline(10_000) + CALL_TIMEOUT_MS,
  );

  it(
    'refuses the calls of a crashed server naming it, keeps serving the others, and restarts it',
    async () => {
      const crash = await client.callTool({ name: 'fake__crash_v1', arguments: {} });
      expect(crash.isError).toBe(true);
      const during = await client.callTool({ name: 'fake__note_v1', arguments: { text: 'x' } });
      expect(during.isError).toBe(true);
      expect(reasonOf(during)).toBe('the check proxy.server failed, so the call is refused');
      expect(factsOf(during)[0]).toMatch(
        /^the server fake is not available, so fake\/note@1 was not called: /,
      );
      const read = await client.callTool({
        name: 'fs__read_text_file_v1',
        arguments: { path: join(workspace.data, 'a.txt') },
      });
      expect(firstText(read)).toBe('hello from a\n');
      let after = '';
      const end = Date.now() + deadline(10_000);
      while (after !== 'noted: back' && Date.now() < end) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        after = firstText(
          await client.callTool({ name: 'fake__note_v1', arguments: { text: 'back' } }),
        );
      }
      expect(after).toBe('noted: back');
      expect(stderr()).toContain('server fake is down');
    },
    deadline(20_000),
  );
});
