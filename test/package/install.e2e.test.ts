import { execFile, type ExecFileOptions } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { aTempDir, onCleanUp } from '../helpers/scratch.js';
import { deadline } from '../helpers/testEnv.js';
import { RUN_MARKER } from '../helpers/processes.js';
import { FS_SERVER, ROOT, aWorkspace, firstText, reasonOf } from '../proxy/helpers.js';

/**
 * Issue 29: the package as a person installs it. `npm pack`, then `npm install
 * -g` of the tarball into a temporary prefix, then the whole path of
 * docs/mcp.md from a client's point of view: init, edit, lock, doctor, the docs'
 * Claude Desktop snippet started from `/` by the MCP SDK client with a short
 * PATH, an allowed read, a refused one, the other three clients' snippets
 * started the same way, and `toolgate records`.
 *
 * The install skips install scripts (`--ignore-scripts`), so better-sqlite3
 * (an optional dependency with a native build) arrives without its build,
 * as when a build fails: the proxy must say so and name the fix. The test
 * then puts in the build `npm rebuild` would make (the same version, built
 * on this machine by `npm ci`), which saves a minute of compiling.
 */

interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function run(command: string, args: readonly string[], options: ExecFileOptions): Promise<Ran> {
  return new Promise((done) => {
    execFile(
      command,
      args,
      { timeout: deadline(120_000), encoding: 'utf8', ...options },
      (error, stdout, stderr) => {
        done({
          code: error === null ? 0 : Number((error as { code?: unknown }).code ?? 1),
          stdout: String(stdout),
          stderr: String(stderr),
        });
      },
    );
  });
}

const prefix = aTempDir('install');
const bin = join(prefix, 'bin');
const installed = join(prefix, 'lib/node_modules/toolgate');
/** A client's environment: a short PATH with the global bin and node, nothing of this project. */
const clientEnv = {
  PATH: `${bin}:${dirname(process.execPath)}:/usr/bin:/bin`,
  HOME: prefix,
  // The suite's marker, so its check finds a process that outlives the test.
  ...(process.env[RUN_MARKER] === undefined ? {} : { [RUN_MARKER]: process.env[RUN_MARKER] }),
};

const toolgate = (args: readonly string[], cwd: string) =>
  run(join(bin, 'toolgate'), args, { cwd, env: clientEnv });

beforeAll(async () => {
  const packed = await run('npm', ['pack', '--json', '--pack-destination', prefix], { cwd: ROOT });
  expect(packed.code, packed.stderr).toBe(0);
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
  const install = await run(
    'npm',
    [
      'install',
      '--global',
      '--prefix',
      prefix,
      join(prefix, filename),
      '--ignore-scripts',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
    ],
    { cwd: prefix },
  );
  expect(install.code, install.stderr).toBe(0);
}, deadline(180_000));

describe('npm install -g toolgate, then the docs path from a client', () => {
  it(
    'runs init, lock, the proxy from / through the docs snippet, a read, a refusal and records',
    async () => {
      const workspace = aWorkspace();
      const home = join(workspace.dir, 'agent');
      mkdirSync(home);

      // Without its native build, the default store names the package and the fix.
      const initialized = await toolgate(
        [
          'mcp',
          'init',
          '--name',
          'fs',
          '--out',
          'policy.yaml',
          '--server',
          '--',
          'node',
          FS_SERVER,
          workspace.data,
        ],
        home,
      );
      expect(initialized.code, initialized.stderr).toBe(0);
      const policyFile = join(home, 'policy.yaml');
      const policy = parse(readFileSync(policyFile, 'utf8')) as {
        grants: { default: { tools: string[]; folders: unknown[] } };
      };
      // Edit, as docs/mcp.md step 2 says: grant the read tool over the data folder, deny .env.
      policy.grants.default.tools = ['fs/read_text_file@1'];
      policy.grants.default.folders = [{ path: workspace.data, access: 'read' }, '!**/.env'];
      writeFileSync(policyFile, stringify(policy));
      const locked = await toolgate(['mcp', 'lock', '--policy', policyFile], '/');
      expect(locked.code, locked.stderr).toBe(0);
      expect(locked.stdout).toMatch(/toolgate\.lock: \d+ tools locked/);

      // doctor finds it first: every check up to the store passes, the store names the fix.
      const sick = await toolgate(['mcp', 'doctor', '--policy', policyFile], '/');
      expect(sick.code).toBe(1);
      expect(sick.stdout.trim().split('\n').at(-1)).toMatch(
        /^FAIL {2}records: sqlite:.*toolgate-records\.db: the package better-sqlite3 is installed but its native build is missing/,
      );
      const broken = await toolgate(['mcp', '--policy', policyFile], '/');
      expect(broken.code).toBe(2);
      expect(broken.stderr).toContain(
        'the package better-sqlite3 is installed but its native build is missing',
      );
      expect(broken.stderr).toContain('npm rebuild -g better-sqlite3');
      expect(broken.stderr).toContain(`--records jsonl:${join(home, 'toolgate-records.jsonl')}`);

      // The build npm rebuild would make: same version, built here by npm ci.
      const version = (dir: string) =>
        (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string })
          .version;
      const ours = join(ROOT, 'node_modules/better-sqlite3');
      const theirs = join(installed, 'node_modules/better-sqlite3');
      expect(version(theirs)).toBe(version(ours));
      mkdirSync(join(theirs, 'build/Release'), { recursive: true });
      copyFileSync(
        join(ours, 'build/Release/better_sqlite3.node'),
        join(theirs, 'build/Release/better_sqlite3.node'),
      );

      const well = await toolgate(['mcp', 'doctor', '--policy', policyFile], '/');
      expect(well.code, well.stdout).toBe(0);
      // Its configuration names this node and the installed CLI, links resolved.
      expect(well.stdout).toContain(JSON.stringify(join(installed, 'dist/cli.js')));

      // The docs' Claude Desktop snippet, with this policy, started as a client does: from /.
      const doc = readFileSync(join(ROOT, 'docs/mcp.md'), 'utf8');
      const snippet = /^```json claude-desktop\n([\s\S]*?)^```$/m.exec(doc)?.[1] ?? '{}';
      const entry = (
        JSON.parse(snippet) as { mcpServers: Record<string, { command: string; args: string[] }> }
      ).mcpServers.toolgate;
      if (entry === undefined) throw new Error('no toolgate entry in the Claude Desktop snippet');
      const args = entry.args.map((arg) =>
        arg === '/home/me/agent/policy.yaml' ? policyFile : arg,
      );
      expect(args).toContain(policyFile);
      const transport = new StdioClientTransport({
        command: entry.command,
        args,
        cwd: '/',
        env: clientEnv,
        stderr: 'pipe',
      });
      let stderr = '';
      transport.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
      });
      const client = new Client({ name: 'claude-desktop', version: '1.0.0' });
      onCleanUp(() => client.close());
      await client.connect(transport);
      try {
        const names = (await client.listTools()).tools.map((tool) => tool.name);
        expect(names).toEqual(['fs__read_text_file_v1']);
        const read = await client.callTool({
          name: 'fs__read_text_file_v1',
          arguments: { path: join(workspace.data, 'a.txt') },
        });
        expect(firstText(read)).toBe('hello from a\n');
        const refused = await client.callTool({
          name: 'fs__read_text_file_v1',
          arguments: { path: join(workspace.data, '.env') },
        });
        expect(refused.isError).toBe(true);
        expect(reasonOf(refused)).toBe(
          `the path ${join(workspace.data, '.env')} is outside the granted folder scope`,
        );
        expect(stderr).toContain(`records sqlite:${join(home, 'toolgate-records.db')}`);
      } finally {
        await client.close();
      }

      // The other clients' snippets start the same proxy from / and list the same tool.
      for (const [tag, key] of [
        ['claude-code', 'mcpServers'],
        ['cursor', 'mcpServers'],
        ['vscode', 'servers'],
      ] as const) {
        const text = new RegExp(`^\`\`\`json ${tag}\\n([\\s\\S]*?)^\`\`\`$`, 'm').exec(doc)?.[1];
        const other = (
          JSON.parse(text ?? '{}') as Record<
            string,
            Record<string, { command: string; args: string[] }> | undefined
          >
        )[key]?.toolgate;
        if (other === undefined) throw new Error(`no toolgate entry in the ${tag} snippet`);
        const listing = new Client({ name: tag, version: '1.0.0' });
        onCleanUp(() => listing.close());
        await listing.connect(
          new StdioClientTransport({
            command: other.command,
            args: other.args.map((arg) =>
              arg === '/home/me/agent/policy.yaml' ? policyFile : arg,
            ),
            cwd: '/',
            env: clientEnv,
            stderr: 'pipe',
          }),
        );
        try {
          expect(
            (await listing.listTools()).tools.map((tool) => tool.name),
            tag,
          ).toEqual(['fs__read_text_file_v1']);
        } finally {
          await listing.close();
        }
      }

      // The records, from the store beside the policy.
      const records = await toolgate(['records', '--policy', policyFile, '--json'], '/');
      expect(records.code, records.stderr).toBe(0);
      const lines = records.stdout
        .trim()
        .split('\n')
        .map(
          (line) => JSON.parse(line) as { type: string; allowed?: boolean; code?: string | null },
        );
      // Each call: a turn, then its dispatch, allowed for a.txt and refused for .env.
      expect(
        lines.filter((line) => line.type === 'dispatch').map((line) => [line.allowed, line.code]),
      ).toEqual([
        [true, undefined],
        [false, 'folder_out_of_scope'],
      ]);
    },
    deadline(120_000),
  );
});
