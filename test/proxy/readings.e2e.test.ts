import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  CALL_TIMEOUT_MS,
  FS_SERVER,
  aProxyClient,
  factsOf,
  firstText,
  reasonOf,
  testEnvironment,
} from './helpers.js';
import { aTempDir, onCleanUp } from '../helpers/scratch.js';
import { deadline } from '../helpers/testEnv.js';

/**
 * SPEC §14.1 end to end: `toolgate mcp` in front of the real filesystem
 * server on a real tree. Each attack is first sent to the server alone, to
 * show that it does read the file the policy refuses; then through the
 * proxy, which must refuse it.
 */
describe('toolgate mcp reads paths the way the filesystem server does (SPEC §14.1)', () => {
  const dir = realpathSync(aTempDir('readings-e2e'));
  const data = join(dir, 'data');
  const outside = join(dir, 'outside');
  let proxy: Client;
  let direct: Client;

  beforeAll(async () => {
    mkdirSync(join(data, 'sub', 'deeper'), { recursive: true });
    mkdirSync(join(data, 'l2'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(join(data, 'a.txt'), 'hello\n');
    mkdirSync(join(data, 'Verträge'.normalize('NFC')));
    writeFileSync(join(data, 'Verträge'.normalize('NFC'), 'contract.txt'), 'signed: never-read\n');
    mkdirSync(join(data, 'Keys'));
    writeFileSync(join(data, 'Keys', 'id.txt'), 'key: never-read\n');
    symlinkSync(outside, join(data, 'Kontakte'));
    mkdirSync(join(data, 'Bücher'.normalize('NFC')));
    writeFileSync(join(data, 'Bücher'.normalize('NFC'), 'a.txt'), 'a book\n');
    mkdirSync(join(data, '.git'));
    writeFileSync(join(data, '.git', 'config'), '[remote] token=never-read\n');
    writeFileSync(join(data, '.env'), 'TOKEN=never-read\n');
    writeFileSync(join(outside, 'secret.txt'), 'the secret outside\n');
    symlinkSync(join(data, 'sub', 'deeper'), join(data, 'x'));
    symlinkSync(join(outside, 'secret.txt'), join(data, 'l2', 'secret.txt'));
    symlinkSync(join(data, '.env'), join(data, 'l2', 'env.txt'));
    const policy = join(dir, 'policy.yaml');
    writeFileSync(
      policy,
      JSON.stringify({
        version: 1,
        servers: {
          fs: {
            command: process.execPath,
            // The server may read all of dir: toolgate's grant is what narrows it.
            args: [FS_SERVER, dir],
            tools: {
              read_text_file: { resources: [{ kind: 'path', at: '/path', access: 'read' }] },
              move_file: {
                resources: [
                  { kind: 'path', at: '/source', access: 'write' },
                  { kind: 'path', at: '/destination', access: 'write' },
                ],
              },
            },
          },
        },
        grants: {
          default: {
            tools: ['fs/read_text_file@1', 'fs/move_file@1'],
            folders: [data, '!**/.env', `!${data}/.git/**`, '!**/Verträge/**', '!**/Keys/**'],
          },
        },
        proxy: { callTimeoutMs: CALL_TIMEOUT_MS },
      }),
    );
    ({ client: proxy } = await aProxyClient(['--policy', policy, '--run-id', 'readings']));
    direct = new Client({ name: 'direct', version: '1.0.0' });
    onCleanUp(() => direct.close());
    await direct.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [FS_SERVER, dir],
        stderr: 'ignore',
        env: testEnvironment(),
      }),
    );
  }, deadline(30_000));
  afterAll(async () => {
    await proxy.close();
    await direct.close();
  });

  const read = (client: Client, path: string) =>
    client.callTool({
      name: client === proxy ? 'fs__read_text_file_v1' : 'read_text_file',
      arguments: { path },
    });

  it('refuses ".." after a symlink, which the server reads lexically into a link outside and a link to .env', async () => {
    const attacks: [string, string][] = [
      [`${data}/x/../l2/secret.txt`, 'the secret outside\n'],
      [`${data}/x/../l2/env.txt`, 'TOKEN=never-read\n'],
    ];
    for (const [path, content] of attacks) {
      // The server alone opens data/l2/…, following the link: what the grant refuses.
      expect(firstText(await read(direct, path)), path).toBe(content);
      const result = await read(proxy, path);
      expect(result.isError, path).toBe(true);
      expect(reasonOf(result), path).toBe(
        `the path ${data}/l2/${path.endsWith('env.txt') ? 'env.txt' : 'secret.txt'} is outside the granted folder scope`,
      );
    }
    // A ".." after a plain folder still passes.
    expect(firstText(await read(proxy, `${data}/sub/../a.txt`))).toBe('hello\n');
  });

  it('refuses moving the folder a deny entry guards, which the server would move with its denied files', async () => {
    const move = (client: Client, source: string, destination: string) =>
      client.callTool({
        name: client === proxy ? 'fs__move_file_v1' : 'move_file',
        arguments: { source, destination },
      });
    // The server alone moves .git, and its config is then read under the new name.
    await move(direct, join(data, '.git'), join(dir, 'moved-by-server'));
    expect(firstText(await read(direct, join(dir, 'moved-by-server', 'config')))).toContain(
      'token',
    );
    await move(direct, join(dir, 'moved-by-server'), join(data, '.git'));
    const result = await move(proxy, join(data, '.git'), join(data, 'gitcopy'));
    expect(result.isError).toBe(true);
    expect(reasonOf(result)).toBe(`the path ${data}/.git is outside the granted folder scope`);
    // SPEC §14.4: the facts follow the reason, naming the deny entry.
    expect(factsOf(result).join('\n')).toContain(`/source: `);
    // The move never ran: there is no gitcopy to read (the gate would have let the read through).
    expect(firstText(await read(proxy, join(data, 'gitcopy', 'config')))).toContain('ENOENT');
    // The denied files are where they were, still refused; a plain move passes.
    expect(firstText(await read(direct, join(data, '.git', 'config')))).toContain('token');
    const plain = await move(proxy, join(data, 'a.txt'), join(data, 'b.txt'));
    expect(plain.isError, firstText(plain)).not.toBe(true);
    expect(firstText(await read(proxy, join(data, 'b.txt')))).toBe('hello\n');
    await move(proxy, join(data, 'b.txt'), join(data, 'a.txt'));
  });

  it('refuses Unicode-equivalent spellings the server opens in place of the name written', async () => {
    const attacks: [string, string, string][] = [
      // NFD spelling of Verträge: the server finds the NFC folder by comparing names in NFC.
      [`${data}/${'Verträge'.normalize('NFD')}/contract.txt`, 'signed: never-read\n', 'Verträge'],
      // KELVIN SIGN is K in NFC.
      [`${data}/\u212Aeys/id.txt`, 'key: never-read\n', 'Keys'],
      // Kontakte is a link out of the grant: the server follows it once it matched the name.
      [`${data}/\u212Aontakte/secret.txt`, 'the secret outside\n', 'outside'],
    ];
    for (const [path, content] of attacks) {
      expect(firstText(await read(direct, path)), path).toBe(content);
      const result = await read(proxy, path);
      expect(result.isError, path).toBe(true);
      expect(reasonOf(result), path).toBe(`the path ${path} is outside the granted folder scope`);
    }
    // A name no entry denies passes in either spelling.
    for (const spelling of ['NFC', 'NFD'] as const)
      expect(firstText(await read(proxy, `${data}/${'Bücher'.normalize(spelling)}/a.txt`))).toBe(
        'a book\n',
      );
  });
});
