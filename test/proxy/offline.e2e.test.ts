import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deadline } from '../helpers/testEnv.js';
import { CLI, aPolicy, aProxyClient, aWorkspace, reasonOf } from './helpers.js';

/** Runs the built CLI to its end, from `/`, as a person checking a policy offline would. */
function cli(args: readonly string[], input?: string) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: '/',
    encoding: 'utf8',
    input,
    timeout: deadline(60_000),
  });
  return { code: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Issue 30: an MCP policy is validated and checked with its lock and no
 * server running, and `toolgate check` decides `SERVER/TOOL@1` calls
 * exactly as `toolgate mcp` does in front of the real filesystem server.
 */
describe('MCP policies checked offline, over the lock', () => {
  it(
    'decides the same calls as the proxy, and catches a typo and a built-in in the grant',
    async () => {
      const workspace = aWorkspace();
      const policy = aPolicy(workspace, {
        tools: ['fs/read_text_file@1', 'fs/write_file@1', 'fake/note@1'],
      });
      // Before the lock: validate warns that server refs are not checked.
      const unlocked = cli(['validate', policy]);
      expect(unlocked.stdout).toContain('warning: no lock');
      expect(cli(['mcp', 'lock', '--policy', policy]).code).toBe(0);
      const validated = cli(['validate', policy]);
      expect(validated.stdout, validated.stdout).toMatch(/no problems \(\d+ tools/);
      expect(validated.code).toBe(0);

      const calls: [string, Record<string, unknown>][] = [
        ['read_text_file', { path: join(workspace.data, 'a.txt') }],
        ['read_text_file', { path: join(workspace.data, '.env') }],
        ['read_text_file', { path: join(workspace.data, 'link.txt') }],
        ['read_text_file', { path: join(workspace.data, '..', 'secret.txt') }],
        ['read_text_file', { path: 'a.txt' }],
        ['read_text_file', { path: 5 }],
        ['write_file', { path: join(workspace.data, 'b.txt'), content: 'x' }],
      ];
      const { client } = await aProxyClient(['--policy', policy]);
      const allowed: boolean[] = [];
      try {
        for (const [tool, args] of calls) {
          const served = await client.callTool({ name: `fs__${tool}_v1`, arguments: args });
          const turn = JSON.stringify({
            calls: [{ tool: `fs/${tool}`, version: 1, arguments: args }],
          });
          const checked = cli(['check', policy, '--json'], turn);
          const { decision } = JSON.parse(checked.stdout) as {
            decision: { settled: string; refusal?: { reason: string } };
          };
          const label = `${tool} ${JSON.stringify(args)}`;
          allowed.push(served.isError !== true);
          if (served.isError === true) {
            expect(decision.settled, label).toBe('rejected');
            expect(decision.refusal?.reason, label).toBe(reasonOf(served));
            expect(checked.code, label).toBe(1);
          } else {
            expect(decision.settled, label).toBe('tool');
            expect(checked.code, label).toBe(0);
          }
        }
      } finally {
        await client.close();
      }
      // Only the plain read passes: a deny, a link out, a .., a relative path, a bad type, a read-only root.
      expect(allowed).toEqual([true, false, false, false, false, false, false]);

      // toolgate test names SERVER/TOOL@1 calls, decided over the lock as above.
      const cases = join(workspace.dir, 'policy.test.yaml');
      const read = (path: string) => ({
        calls: [{ tool: 'fs/read_text_file', version: 1, arguments: { path } }],
      });
      const refused = { refuse: 'folder_out_of_scope' };
      // JSON, which YAML reads as it is.
      writeFileSync(
        cases,
        JSON.stringify({
          policy: 'policy.yaml',
          defaults: { grant: 'default' },
          cases: [
            { name: 'reads a.txt', turn: read(join(workspace.data, 'a.txt')), expect: 'allow' },
            { name: 'not the .env', turn: read(join(workspace.data, '.env')), expect: refused },
            { name: 'not the link', turn: read(join(workspace.data, 'link.txt')), expect: refused },
          ],
        }),
      );
      const tested = cli(['test', cases]);
      expect(tested.stdout, tested.stdout + tested.stderr).toContain('3 passed, 0 failed');
      expect(tested.code).toBe(0);

      // A typo'd ref, with the closest locked one; a built-in in a policy of servers only.
      const text = readFileSync(policy, 'utf8').replace('"fs/write_file@1"', '"fs/write_fil@1"');
      writeFileSync(policy, text.replace('"fake/note@1"', '"fs-read@1"'));
      const wrong = cli(['validate', policy]);
      expect(wrong.code).toBe(1);
      expect(wrong.stdout).toContain(
        'grants.default.tools[1] fs/write_fil@1 is not in the lock: server fs lists no such tool (did you mean fs/write_file@1?)',
      );
      expect(wrong.stdout).toContain(
        "grants.default.tools[2] fs-read@1 is no server's tool: toolgate mcp serves only SERVER/TOOL@1 refs of its servers (fs, fake)",
      );
    },
    deadline(90_000),
  );

  it(
    'expands a grant pattern over the lock the same way in lock, ls, diff and the proxy',
    async () => {
      const workspace = aWorkspace();
      const policy = aPolicy(workspace, { tools: ['fs/read_*@1', 'fake/note@1'] });
      // Before the lock, the pattern has nothing to expand to; lock writes the lock anyway.
      expect(cli(['validate', policy]).stdout).toContain(
        'fs/read_*@1 is a pattern over the lock, and there is no lock',
      );
      expect(cli(['mcp', 'lock', '--policy', policy]).code).toBe(0);
      const listed = cli(['ls', policy, '--json']);
      expect(listed.code, listed.stderr).toBe(0);
      const rows = (
        JSON.parse(listed.stdout) as { tools: { ref: string; kind: string; grantedBy: string[] }[] }
      ).tools;
      // ls lists the locked server tools (kind mcp) and which grant the pattern gave each to.
      const granted = rows.filter((row) => row.grantedBy.includes('default')).map((row) => row.ref);
      expect(rows.filter((row) => row.kind === 'mcp').length).toBeGreaterThan(10);
      const reads = granted.filter((ref) => ref.startsWith('fs/'));
      expect(reads.length).toBeGreaterThan(2);
      expect(reads.every((ref) => /^fs\/read_\w+@1$/.test(ref))).toBe(true);
      expect(reads).toContain('fs/read_text_file@1');
      // diff reads both policies over the lock beside them: the pattern is wider than one ref.
      const narrow = join(workspace.dir, 'narrow.yaml');
      writeFileSync(
        narrow,
        readFileSync(policy, 'utf8').replace('"fs/read_*@1"', '"fs/read_text_file@1"'),
      );
      const diffed = cli(['diff', narrow, policy]);
      expect(diffed.code, diffed.stdout + diffed.stderr).toBe(1);
      for (const ref of reads.filter((ref) => ref !== 'fs/read_text_file@1'))
        expect(diffed.stdout).toContain(`  tool    ${ref}  (allowed by ${ref})`);
      expect(diffed.stdout).not.toContain('tool    fs/read_text_file@1');
      expect(cli(['diff', policy, narrow]).code).toBe(0);

      const { client } = await aProxyClient(['--policy', policy]);
      try {
        const names = (await client.listTools()).tools.map((tool) => tool.name).sort();
        expect(names).toEqual(
          [...reads.map((ref) => `fs__${ref.slice(3, -2)}_v1`), 'fake__note_v1'].sort(),
        );
      } finally {
        await client.close();
      }
    },
    deadline(90_000),
  );
});
