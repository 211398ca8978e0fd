import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CLI, aPolicy, aProxyClient, aWorkspace, factsOf, reasonOf } from './helpers.js';
import { deadline } from '../helpers/testEnv.js';

/**
 * SPEC §14.4 (issue 27 item 1): every `tools/call` is a recorded decision,
 * whatever answers it. A probe for tools the agent may not call shows up in
 * `toolgate records`.
 */
describe('toolgate mcp records the calls it refuses before the run decides', () => {
  const workspace = aWorkspace();
  let policy: string;
  let client: Client;
  let stderr: () => string;
  beforeAll(async () => {
    policy = aPolicy(
      workspace,
      {},
      { agents: { coder: { visible: ['fs/read_text_file', 'fs/write_file', 'fake/note'] } } },
    );
    ({ client, stderr } = await aProxyClient(['--policy', policy, '--agent', 'coder']));
  }, deadline(30_000));
  afterAll(async () => {
    await client.close();
  });

  /** `toolgate records --json` over the proxy's default store (issue 29: found from --policy). */
  const records = (...filters: string[]) => {
    const result = spawnSync(
      process.execPath,
      [CLI, 'records', '--policy', policy, '--json', ...filters],
      { encoding: 'utf8' },
    );
    return result.stdout
      .trim()
      .split('\n')
      .filter((line) => line !== '')
      .map(
        (line) =>
          JSON.parse(line) as {
            type: string;
            code: string | null;
            ref: string | null;
            record: { settled?: string; refusal?: { details?: { name?: string }[] } };
          },
      );
  };

  it('says at start what it serves (issue 29)', async () => {
    // The summary follows the servers' start, which a first tools/list waits for (issue 32).
    await client.listTools();
    expect(stderr()).toMatch(
      /toolgate mcp: grant default \(5 tools\), no lock, records sqlite:\S+toolgate-records\.db/,
    );
    expect(stderr()).toMatch(
      /toolgate mcp: server fs: serving 2 granted of \d+ listed: fs\/read_text_file@1, fs\/write_file@1/,
    );
  });

  it('records a name it does not serve, an ungranted served tool and a hidden one, each with its code', async () => {
    const unknown = await client.callTool({ name: 'nope__probe_v1', arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(reasonOf(unknown)).toBe(
      'the proposed tool "nope__probe_v1" is not granted to this run or is no longer registered',
    );
    expect(factsOf(unknown)).toEqual(['no tool named "nope__probe_v1" is served by this proxy']);

    const ungranted = await client.callTool({
      name: 'fs__list_directory_v1',
      arguments: { path: workspace.data },
    });
    expect(reasonOf(ungranted)).toBe(
      'the proposed tool fs/list_directory@1 is not granted to this run or is no longer registered',
    );

    const hidden = await client.callTool({ name: 'fake__crash_v1', arguments: {} });
    expect(hidden.isError).toBe(true);
    expect(reasonOf(hidden)).toBe('the tool fake/crash is hidden from this agent');

    const turns = records().filter((row) => row.type === 'turn');
    expect(turns.map((row) => [row.code, row.ref ?? null])).toEqual([
      ['not_granted', null],
      ['not_granted', 'fs/list_directory@1'],
      ['hidden_tool', 'fake/crash@1'],
    ]);
    const probe = turns[0]?.record;
    expect(probe?.settled).toBe('rejected');
    expect(probe?.refusal?.details?.[0]?.name).toBe('nope__probe_v1');
    // The review's check: the records of a tool now show the probe for it.
    expect(records('--tool', 'fs/list_directory').map((row) => row.code)).toEqual(['not_granted']);
  });
});
