import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { deadline } from '../helpers/testEnv.js';
import { CLI, aPolicy, aProxyClient, aWorkspace, firstText } from './helpers.js';

/**
 * SPEC §14.6: a client without elicitation calls an `ask` tool through
 * `toolgate mcp`; the call waits as a pending approval in the record store;
 * `toolgate approvals approve ID`, from another process, lets it run once;
 * `deny` and the timeout refuse it with the §5 reason.
 */

const REASON = 'fs/write_file@1 needs an approval for these exact arguments';

interface Pending {
  id: string;
  run: string;
  ref: string;
  resources: string[];
  arguments: Record<string, unknown>;
  createdAt: string;
}

function anAskPolicy(workspace: ReturnType<typeof aWorkspace>): string {
  return aPolicy(workspace, {
    folders: [{ path: workspace.data, access: 'write' }, '!**/.env'],
    ask: ['fs/write_file@1'],
  });
}

/** `toolgate approvals …` in its own process, as a person at another terminal runs it. */
function approvals(args: readonly string[]) {
  return spawnSync(process.execPath, [CLI, 'approvals', ...args], { encoding: 'utf8' });
}

/** The pending approvals, once there is at least one. */
async function pendingOf(policy: string): Promise<Pending[]> {
  for (let tries = 0; tries < 200; tries++) {
    const listed = approvals(['--policy', policy, '--json']);
    expect(listed.status, listed.stderr).toBe(0);
    const lines = listed.stdout.split('\n').filter((line) => line !== '');
    if (lines.length > 0) return lines.map((line) => JSON.parse(line) as Pending);
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('no pending approval appeared');
}

describe('toolgate mcp --approvals local', () => {
  it(
    'runs an ask call once a person approves it from another process, and refuses a denied one',
    async () => {
      const workspace = aWorkspace();
      const policy = anAskPolicy(workspace);
      // No elicitation capability: the default mode keeps the approval local.
      const { client, stderr } = await aProxyClient(['--policy', policy, '--run-id', 'run-7']);
      const target = join(workspace.data, 'b.txt');
      const call = client.callTool({
        name: 'fs__write_file_v1',
        arguments: { path: target, content: 'approved\n' },
      });
      const [pending] = await pendingOf(policy);
      expect(pending).toMatchObject({
        run: 'run-7',
        ref: 'fs/write_file@1',
        resources: [target],
        arguments: { path: target, content: 'approved\n' },
      });
      expect(Number.isNaN(Date.parse(pending?.createdAt ?? ''))).toBe(false);
      // The operator's line names the command to run (stderr arrives on its own pipe).
      const line = `toolgate approvals approve ${pending?.id ?? ''}`;
      for (let tries = 0; tries < 100 && !stderr().includes(line); tries++)
        await new Promise((done) => setTimeout(done, 50));
      expect(stderr()).toContain(line);
      // The listing shows the call escaped, path first.
      const table = approvals(['--policy', policy]);
      expect(table.stdout).toContain(pending?.id ?? '?');
      expect(table.stdout).toContain(target);
      expect(existsSync(target)).toBe(false);

      const approved = approvals(['approve', pending?.id ?? '', '--policy', policy, '--as', 'ada']);
      expect(approved.status, approved.stderr).toBe(0);
      expect(approved.stdout).toBe(`approved ${pending?.id ?? ''} (fs/write_file@1) as ada\n`);
      const result = (await call) as { isError?: boolean };
      expect(result.isError, firstText(result)).not.toBe(true);
      expect(readFileSync(target, 'utf8')).toBe('approved\n');
      // Answered once: a second answer is an error, and nothing is pending any more.
      const again = approvals(['deny', pending?.id ?? '', '--policy', policy]);
      expect(again.status).toBe(2);
      expect(again.stderr).toContain('ended already (approved)');
      expect(approvals(['--policy', policy]).stdout).toBe('no pending approvals\n');

      // The same call made again waits again; denied, it is refused with the §5 reason.
      const second = client.callTool({
        name: 'fs__write_file_v1',
        arguments: { path: join(workspace.data, 'c.txt'), content: 'denied\n' },
      });
      const [next] = await pendingOf(policy);
      expect(next?.id).not.toBe(pending?.id);
      expect(approvals(['deny', next?.id ?? '', '--policy', policy]).status).toBe(0);
      const refused = (await second) as { isError?: boolean };
      expect(refused.isError).toBe(true);
      expect(firstText(refused).split('\n')[0]).toBe(REASON);
      expect(existsSync(join(workspace.data, 'c.txt'))).toBe(false);
      expect(approvals(['approve', 'nope', '--policy', policy]).status).toBe(2);
      await client.close();
    },
    deadline(60_000),
  );

  it(
    'refuses the call when nobody answers before --approval-timeout',
    async () => {
      const workspace = aWorkspace();
      const policy = anAskPolicy(workspace);
      const { client } = await aProxyClient([
        '--policy',
        policy,
        '--approvals',
        'local',
        '--approval-timeout',
        '1',
      ]);
      const started = Date.now();
      const result = (await client.callTool({
        name: 'fs__write_file_v1',
        arguments: { path: join(workspace.data, 'late.txt'), content: 'x' },
      })) as { isError?: boolean };
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(result.isError).toBe(true);
      expect(firstText(result).split('\n')[0]).toBe(REASON);
      expect(existsSync(join(workspace.data, 'late.txt'))).toBe(false);
      // Ended as timed out: an answer now is too late.
      const listed = approvals(['--policy', policy]);
      expect(listed.stdout).toBe('no pending approvals\n');
      await client.close();
    },
    deadline(30_000),
  );

  it(
    '--approvals both: the first answer stands, from the client or from another process, and the other is withdrawn; a client that errs has not answered',
    async () => {
      const workspace = aWorkspace();
      const policy = anAskPolicy(workspace);
      let asked = 0;
      let withdrawn = 0;
      const { client, stderr } = await aProxyClient(
        ['--policy', policy, '--approvals', 'both'],
        { elicitation: { form: {} } },
        (prepared) => {
          // The first form is answered yes at once, the third fails (the client cannot show
          // it); the others stay open until withdrawn.
          prepared.setRequestHandler(ElicitRequestSchema, (_request, extra) => {
            asked += 1;
            if (asked === 1) return { action: 'accept', content: { approve: true } };
            if (asked === 3) throw new Error('this client cannot show forms right now');
            // Withdrawn before this handler ran (a loaded machine) counts too: an aborted
            // signal fires no listener added later.
            if (extra.signal.aborted) withdrawn += 1;
            else
              extra.signal.addEventListener('abort', () => {
                withdrawn += 1;
              });
            return new Promise<never>(() => undefined);
          });
        },
      );
      // 1. The client answers first: the call runs, and its local approval ends unanswered.
      const first = join(workspace.data, 'by-client.txt');
      const byClient = (await client.callTool({
        name: 'fs__write_file_v1',
        arguments: { path: first, content: 'client\n' },
      })) as { isError?: boolean };
      expect(byClient.isError, firstText(byClient)).not.toBe(true);
      expect(readFileSync(first, 'utf8')).toBe('client\n');
      expect(approvals(['--policy', policy]).stdout).toBe('no pending approvals\n');
      // 2. A person answers locally while the client's form is open: the call runs, the form is withdrawn.
      const target = join(workspace.data, 'both.txt');
      const call = client.callTool({
        name: 'fs__write_file_v1',
        arguments: { path: target, content: 'locally approved\n' },
      });
      const [pending] = await pendingOf(policy);
      expect(approvals(['approve', pending?.id ?? '', '--policy', policy]).status).toBe(0);
      const result = (await call) as { isError?: boolean };
      expect(result.isError, firstText(result)).not.toBe(true);
      expect(readFileSync(target, 'utf8')).toBe('locally approved\n');
      expect(asked).toBe(2);
      // notifications/cancelled for the open form. (The SDK ignores a cancellation of request
      // id 0, the first a server sends; this form is the second.)
      for (let tries = 0; tries < 100 && withdrawn === 0; tries++)
        await new Promise((done) => setTimeout(done, 50));
      expect(withdrawn).toBe(1);
      // 3. The client errs instead of answering: no answer, so the call waits for the local one.
      const third = join(workspace.data, 'after-error.txt');
      const waiting = client.callTool({
        name: 'fs__write_file_v1',
        arguments: { path: third, content: 'waited\n' },
      });
      const [left] = await pendingOf(policy);
      const line =
        'the client could not ask a person about fs/write_file@1; it waits for a local answer';
      for (let tries = 0; tries < 100 && !stderr().includes(line); tries++)
        await new Promise((done) => setTimeout(done, 50));
      expect(stderr()).toContain(line);
      expect(asked).toBe(3);
      expect(existsSync(third)).toBe(false);
      expect(approvals(['approve', left?.id ?? '', '--policy', policy]).status).toBe(0);
      const afterError = (await waiting) as { isError?: boolean };
      expect(afterError.isError, firstText(afterError)).not.toBe(true);
      expect(readFileSync(third, 'utf8')).toBe('waited\n');
      await client.close();
    },
    deadline(60_000),
  );

  it('refuses --approvals local with a JSONL store, and a bad mode or timeout, with exit 2', () => {
    const workspace = aWorkspace();
    const policy = anAskPolicy(workspace);
    const run = (args: readonly string[]) =>
      spawnSync(process.execPath, [CLI, 'mcp', '--policy', policy, ...args], {
        encoding: 'utf8',
        input: '',
      });
    const jsonl = run([
      '--approvals',
      'local',
      '--records',
      `jsonl:${join(workspace.dir, 'r.jsonl')}`,
    ]);
    expect(jsonl.status).toBe(2);
    expect(jsonl.stderr).toBe(
      'toolgate mcp: --approvals local keeps pending approvals in the record store, which must be SQLite (--records sqlite:PATH, the default) or PostgreSQL (--records postgres://…); a JSONL file cannot hold them (see toolgate mcp --help)\n',
    );
    expect(run(['--approvals', 'sometimes']).stderr).toContain(
      '--approvals takes elicit, local or both',
    );
    expect(run(['--approval-timeout', '0']).stderr).toContain('--approval-timeout takes seconds');
  });
});
