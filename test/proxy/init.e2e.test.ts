import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { deadline } from '../helpers/testEnv.js';
import { CLI, FS_SERVER, aWorkspace } from './helpers.js';

/**
 * Issue 29 item 3: `init` run in a project folder with a relative server
 * path writes a policy whose server a client, started from `/`, can start.
 */
describe('toolgate mcp init writes a server command a client can start from anywhere', () => {
  it(
    'resolves the command and relative arguments, and the server then starts from /',
    () => {
      const workspace = aWorkspace();
      const init = spawnSync(
        process.execPath,
        [
          CLI,
          'mcp',
          'init',
          '--name',
          'fs',
          '--out',
          'policy.yaml',
          '--server',
          '--',
          'node',
          relative(workspace.dir, FS_SERVER),
          'data',
        ],
        { cwd: workspace.dir, encoding: 'utf8' },
      );
      expect(init.status, init.stderr).toBe(0);
      expect(init.stderr).toContain('the argument data is written as');
      const policy = parse(readFileSync(join(workspace.dir, 'policy.yaml'), 'utf8')) as {
        servers: { fs: { command: string; args: string[] } };
      };
      expect(isAbsolute(policy.servers.fs.command)).toBe(true);
      expect(policy.servers.fs.args).toEqual([FS_SERVER, workspace.data]);
      // As a client would: from the root folder, the proxy starts the server and lists its tools.
      const lock = spawnSync(
        process.execPath,
        [CLI, 'mcp', 'lock', '--policy', join(workspace.dir, 'policy.yaml')],
        { cwd: '/', encoding: 'utf8' },
      );
      expect(lock.status, lock.stderr).toBe(0);
      expect(readFileSync(join(workspace.dir, 'toolgate.lock'), 'utf8')).toContain(
        'fs/read_text_file@1',
      );
    },
    deadline(60_000),
  );
});
