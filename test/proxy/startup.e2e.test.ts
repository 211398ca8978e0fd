import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { deadline } from '../helpers/testEnv.js';
import { FAKE_SERVER, aPolicy, aProxyClient, aWorkspace, firstText } from './helpers.js';

/**
 * Issue 32: under stdio, `toolgate mcp` answers the client's `initialize`
 * while its servers start, so the client's handshake does not wait for the
 * slowest server; `tools/list` and `tools/call` wait until every server has
 * started (or failed), so the first list a client sees is complete.
 */
describe('toolgate mcp while its servers start', () => {
  it(
    'answers initialize before a slow server is up, then lists and calls its tools once it is',
    async () => {
      const workspace = aWorkspace();
      const delay = deadline(2_000);
      const policy = aPolicy(
        workspace,
        { tools: ['fake/note@1'] },
        {
          servers: {
            fake: {
              command: process.execPath,
              args: [FAKE_SERVER, workspace.describe],
              env: { FAKE_START_DELAY_MS: String(delay) },
            },
          },
        },
      );
      let changed = 0;
      const { client, stderr } = await aProxyClient(['--policy', policy], {}, (prepared) => {
        prepared.setNotificationHandler(ToolListChangedNotificationSchema, () => {
          changed += 1;
        });
      });
      // Connected, and the slow server has not finished starting: no start summary yet.
      expect(stderr()).not.toContain('serving 1 granted');
      // A call sent now waits for the start instead of finding no such tool.
      const called = await client.callTool({ name: 'fake__note_v1', arguments: { text: 'hi' } });
      expect(firstText(called)).toBe('noted: hi');
      expect(stderr()).toContain('server fake: serving 1 granted');
      const listed = await client.listTools();
      expect(listed.tools.map((tool) => tool.name)).toEqual(['fake__note_v1']);
      // The first listing was complete: the start itself sent no tools/list_changed.
      expect(changed).toBe(0);
    },
    deadline(60_000),
  );

  it(
    'lists no tool of a server that failed to start, once it has failed',
    async () => {
      const workspace = aWorkspace();
      const policy = aPolicy(
        workspace,
        { tools: ['fake/note@1'] },
        { servers: { fake: { command: process.execPath, args: ['-e', 'process.exit(4)'] } } },
      );
      const { client, stderr } = await aProxyClient(['--policy', policy]);
      const listed = await client.listTools();
      expect(listed.tools).toEqual([]);
      expect(stderr()).toContain('server fake is down');
    },
    deadline(60_000),
  );
});
