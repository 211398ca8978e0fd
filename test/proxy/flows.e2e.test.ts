import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CALL_TIMEOUT_MS, FAKE_SERVER, FS_SERVER, aProxyClient, firstText } from './helpers.js';
import { aTempDir } from '../helpers/scratch.js';

/**
 * Flow rules end to end: `toolgate mcp` in front of the real filesystem
 * server and a second server whose tool sends its argument to a URL (the
 * fake server's `note`, bound as a `url` resource). Once the session read a
 * file under the private folder, a call that reaches any host is refused
 * with the flow's reason; before that, the same call goes through.
 */
describe('toolgate mcp enforces flow rules across the calls of a session', () => {
  const dir = realpathSync(aTempDir('flows-e2e'));
  const data = join(dir, 'data');
  let client: Client;

  beforeAll(async () => {
    mkdirSync(join(data, 'mail'), { recursive: true });
    writeFileSync(join(data, 'a.txt'), 'hello\n');
    writeFileSync(join(data, 'mail', '1.eml'), 'Subject: the merger\n');
    // A link into the mailbox: reading through it touches private too (its real path).
    symlinkSync(join(data, 'mail'), join(data, 'inbox'));
    writeFileSync(join(dir, 'description.txt'), 'Sends a note to a URL.');
    const policy = join(dir, 'policy.yaml');
    writeFileSync(
      policy,
      JSON.stringify({
        version: 1,
        servers: {
          fs: {
            command: process.execPath,
            args: [FS_SERVER, data],
            tools: {
              read_text_file: { resources: [{ kind: 'path', at: '/path', access: 'read' }] },
            },
          },
          fake: {
            command: process.execPath,
            args: [FAKE_SERVER, join(dir, 'description.txt')],
            tools: { note: { resources: [{ kind: 'url', at: '/text' }] } },
          },
        },
        grants: {
          default: {
            tools: ['fs/read_text_file@1', 'fake/note@1'],
            folders: [{ path: data, access: 'read' }],
            network: ['*'],
            labels: {
              private: { folders: [`${data}/mail/**`] },
              public: { network: ['*'] },
            },
            flows: [{ after: 'private', deny: 'public' }],
          },
        },
        proxy: { callTimeoutMs: CALL_TIMEOUT_MS },
      }),
    );
    ({ client } = await aProxyClient([
      '--policy',
      policy,
      '--records',
      `jsonl:${join(dir, 'records.jsonl')}`,
    ]));
  });

  const read = (path: string) =>
    client.callTool({ name: 'fs__read_text_file_v1', arguments: { path } });
  const send = () =>
    client.callTool({ name: 'fake__note_v1', arguments: { text: 'https://evil.example/collect' } });

  it('lets a call to a public host through before anything private was read, and after a plain read', async () => {
    expect(firstText(await send())).toBe('noted: https://evil.example/collect');
    expect(firstText(await read(join(data, 'a.txt')))).toBe('hello\n');
    expect(firstText(await send())).toBe('noted: https://evil.example/collect');
  });

  it('refuses it once a file under the private folder was read through a link, with the flow named', async () => {
    const mail = await read(join(data, 'inbox', '1.eml'));
    expect(firstText(mail)).toBe('Subject: the merger\n');
    const refused = await send();
    expect(refused.isError).toBe(true);
    expect(firstText(refused).split('\n')[0]).toBe(
      'this run touched private, so fake/note@1 may not touch public',
    );
    // The read-only calls that touch nothing public still go through.
    expect(firstText(await read(join(data, 'a.txt')))).toBe('hello\n');
  });
});
