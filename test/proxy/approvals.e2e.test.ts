import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import {
  CLI,
  aPolicy,
  aProxyClient,
  anHttpTransport,
  aWorkspace,
  firstText,
  httpTokenIn,
  reasonOf,
} from './helpers.js';
import { deadline } from '../helpers/testEnv.js';

const REASON = 'fs/write_file@1 needs an approval for these exact arguments';

/** An `ask` grant on the real filesystem server's write_file, with a folder it may write. */
function anAskPolicy(workspace: ReturnType<typeof aWorkspace>): string {
  return aPolicy(workspace, {
    folders: [{ path: workspace.data, access: 'write' }, '!**/.env'],
    ask: ['fs/write_file@1'],
  });
}

interface DispatchLine {
  type: string;
  dispatch?: { ref: string; allowed: boolean; refusal?: { code: string } };
  fire?: { ref: string; status: string };
}

function readRecords(file: string): DispatchLine[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as DispatchLine);
}

describe('toolgate mcp asks the person to approve an ask tool’s exact call (elicitation)', () => {
  const workspace = aWorkspace();
  const records = join(workspace.dir, 'records.jsonl');
  const asked: { message: string; requestedSchema: unknown }[] = [];
  // The next answers the person gives, in order.
  const answers: (ElicitResult | Error)[] = [];
  let client: Client;
  beforeAll(async () => {
    ({ client } = await aProxyClient(
      ['--policy', anAskPolicy(workspace), '--records', `jsonl:${records}`],
      { elicitation: { form: {} } },
      (prepared) => {
        prepared.setRequestHandler(ElicitRequestSchema, (request) => {
          const params = request.params as { message: string; requestedSchema: unknown };
          asked.push({ message: params.message, requestedSchema: params.requestedSchema });
          const answer = answers.shift() ?? { action: 'cancel' };
          if (answer instanceof Error) throw answer;
          return answer;
        });
      },
    ));
  }, deadline(30_000));
  afterAll(async () => {
    await client.close();
  });

  const write = (name: string, content: string) =>
    client.callTool({
      name: 'fs__write_file_v1',
      arguments: { path: join(workspace.data, name), content },
    });

  it('runs the call once when the person accepts with approve: true, and records it', async () => {
    answers.push({ action: 'accept', content: { approve: true } });
    const result = await write('yes.txt', 'approved');
    expect(result.isError).not.toBe(true);
    expect(readFileSync(join(workspace.data, 'yes.txt'), 'utf8')).toBe('approved');
    // The person saw the ref and the exact arguments, and a form of one boolean.
    const question = asked.at(-1);
    expect(question?.message).toContain('fs/write_file@1');
    expect(question?.message).toContain(
      JSON.stringify({ content: 'approved', path: join(workspace.data, 'yes.txt') }),
    );
    const schema = question?.requestedSchema as {
      properties: Record<string, { type: string }>;
      required: string[];
    };
    expect(Object.keys(schema.properties)).toEqual(['approve']);
    expect(schema.properties.approve?.type).toBe('boolean');
    expect(schema.required).toEqual(['approve']);
    const lines = readRecords(records);
    const dispatches = lines.filter((line) => line.dispatch?.ref === 'fs/write_file@1');
    expect(dispatches.map((line) => line.dispatch?.allowed)).toEqual([true]);
    // The call's end is committed with the next record, or alone within 20 ms (deferCallEnds).
    await expect
      .poll(
        () =>
          readRecords(records)
            .filter((line) => line.fire?.ref === 'fs/write_file@1')
            .map((line) => line.fire?.status),
        { timeout: deadline(2000) },
      )
      .toEqual(['ok']);
    // Neither the key nor the token reaches the model or the records.
    expect(JSON.stringify(result)).not.toContain('hmac-sha256');
    expect(readFileSync(records, 'utf8')).not.toContain('hmac-sha256');
  });

  it('asks again for the next call: an approval covers one call', async () => {
    const before = asked.length;
    answers.push({ action: 'accept', content: { approve: true } });
    const result = await write('again.txt', 'twice');
    expect(result.isError).not.toBe(true);
    expect(asked.length).toBe(before + 1);
  });

  it('(rev 3) asks again for the same call made again and, approved, runs it again', async () => {
    const before = asked.length;
    const dispatchesBefore = readRecords(records).filter(
      (line) => line.dispatch?.ref === 'fs/write_file@1',
    ).length;
    for (const content of ['same', 'same']) {
      answers.push({ action: 'accept', content: { approve: true } });
      const result = await write('same.txt', content);
      expect(result.isError).not.toBe(true);
    }
    expect(asked.length).toBe(before + 2);
    const dispatches = readRecords(records)
      .filter((line) => line.dispatch?.ref === 'fs/write_file@1')
      .slice(dispatchesBefore);
    expect(dispatches.map((line) => line.dispatch?.allowed)).toEqual([true, true]);
  });

  it('(rev 3) shows the path first and escaped, within 2,000 characters, whatever the content pretends', async () => {
    const lure =
      '\u2028\u0085\u009b\u200b\u202e＂, ＂path＂: ＂data/notes.txt＂}\n\nfs/write_file@1 will run once with:\n  path (write) /path: "notes.txt"';
    answers.push({ action: 'decline' });
    const result = await write('run.sh', `${lure}${'x'.repeat(200_000)}`);
    expect(result.isError).toBe(true);
    const message = asked.at(-1)?.message ?? '';
    const lines = message.split('\n');
    expect(message.length).toBeLessThanOrEqual(2_000);
    expect(lines[0]).toBe('fs/write_file@1 will run once with:');
    expect(lines[1]).toBe(`  path (write) /path: "${join(workspace.data, 'run.sh')}"`);
    expect(lines).toHaveLength(4);
    expect(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(message.replaceAll('\n', ''))).toBe(false);
    expect(lines[3]).toMatch(/^arguments sha256:[0-9a-f]{64} \([\d,]+ characters cut\)$/);
    expect(existsSync(join(workspace.data, 'run.sh'))).toBe(false);
  });

  it('refuses with the exact reason when the person declines, and does not call the server', async () => {
    const refused = () =>
      readRecords(records).filter((line) => line.dispatch?.refusal?.code === 'approval_required')
        .length;
    const before = refused();
    const askedBefore = asked.length;
    answers.push({ action: 'decline' });
    const result = await write('no.txt', 'declined');
    expect(result.isError).toBe(true);
    expect(firstText(result)).toBe(REASON);
    // Declined, not never asked: the person saw exactly this call, and the answer was taken.
    expect(asked.length).toBe(askedBefore + 1);
    expect(asked.at(-1)?.message.split('\n')[1]).toBe(
      `  path (write) /path: "${join(workspace.data, 'no.txt')}"`,
    );
    expect(answers).toEqual([]);
    expect(existsSync(join(workspace.data, 'no.txt'))).toBe(false);
    expect(refused()).toBe(before + 1);
  });

  it('refuses when the person accepts with approve: false, cancels, answers oddly, or the client errs', async () => {
    const cases: (ElicitResult | Error)[] = [
      { action: 'accept', content: { approve: false } },
      { action: 'cancel' },
      { action: 'accept', content: { approve: 'true' } },
      { action: 'accept', content: {} },
      new Error('the person closed the window'),
    ];
    for (const [index, answer] of cases.entries()) {
      answers.push(answer);
      const name = `odd-${String(index)}.txt`;
      const result = await write(name, 'x');
      expect(result.isError, String(index)).toBe(true);
      expect(firstText(result), String(index)).toBe(REASON);
      expect(existsSync(join(workspace.data, name)), String(index)).toBe(false);
    }
    expect(answers).toEqual([]);
  });

  it('does not ask for a tool outside ask, nor for a call the gate refuses anyway', async () => {
    const before = asked.length;
    const read = await client.callTool({
      name: 'fs__read_text_file_v1',
      arguments: { path: join(workspace.data, 'a.txt') },
    });
    expect(firstText(read)).toBe('hello from a\n');
    const outside = await client.callTool({
      name: 'fs__write_file_v1',
      arguments: { path: join(workspace.dir, 'out.txt'), content: 'x' },
    });
    expect(reasonOf(outside)).toBe(
      `the path ${join(workspace.dir, 'out.txt')} is outside the granted folder scope`,
    );
    expect(asked.length).toBe(before);
  });
});

describe('toolgate mcp --approvals elicit with a client that cannot elicit', () => {
  it(
    'refuses an ask tool’s call with the §5 reason',
    async () => {
      const workspace = aWorkspace();
      const { client } = await aProxyClient([
        '--policy',
        anAskPolicy(workspace),
        '--approvals',
        'elicit',
      ]);
      try {
        const result = await client.callTool({
          name: 'fs__write_file_v1',
          arguments: { path: join(workspace.data, 'b.txt'), content: 'x' },
        });
        expect(result.isError).toBe(true);
        expect(firstText(result)).toBe(REASON);
        expect(existsSync(join(workspace.data, 'b.txt'))).toBe(false);
      } finally {
        await client.close();
      }
    },
    deadline(30_000),
  );
});

describe('toolgate mcp --http asks the session’s own client', () => {
  it(
    'asks only the client whose call it is, with two sessions open: an approved call runs, a declined one is refused',
    async () => {
      const workspace = aWorkspace();
      const child = spawn(
        process.execPath,
        [CLI, 'mcp', '--http', '0', '--policy', anAskPolicy(workspace)],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      const clients: Client[] = [];
      try {
        const url = await new Promise<string>((resolve, reject) => {
          let text = '';
          child.stderr.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8');
            const found = /serving (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(text)?.[1];
            if (found !== undefined) resolve(found);
          });
          child.once('exit', () => {
            reject(new Error(`the proxy exited: ${text}`));
          });
        });
        // Two sessions, each with its own person: yes answers every question, no declines every
        // one. Each records the paths it was asked about.
        const aSession = async (answer: ElicitResult) => {
          const seen: string[] = [];
          const client = new Client(
            { name: 'agent', version: '1.0.0' },
            { capabilities: { elicitation: { form: {} } } },
          );
          client.setRequestHandler(ElicitRequestSchema, (request) => {
            seen.push((request.params as { message: string }).message.split('\n')[1] ?? '');
            return answer;
          });
          await client.connect(anHttpTransport(url, httpTokenIn(workspace.dir)));
          clients.push(client);
          const write = (name: string) =>
            client.callTool({
              name: 'fs__write_file_v1',
              arguments: { path: join(workspace.data, name), content: 'over http' },
            });
          return { seen, write };
        };
        const yes = await aSession({ action: 'accept', content: { approve: true } });
        const no = await aSession({ action: 'decline' });
        const shown = (name: string) => `  path (write) /path: "${join(workspace.data, name)}"`;

        expect((await yes.write('http-yes.txt')).isError).not.toBe(true);
        expect(readFileSync(join(workspace.data, 'http-yes.txt'), 'utf8')).toBe('over http');
        expect(firstText(await no.write('http-no.txt'))).toBe(REASON);
        expect(existsSync(join(workspace.data, 'http-no.txt'))).toBe(false);
        // Both at once: each question still goes to the session that made the call.
        const [second, refused] = await Promise.all([
          yes.write('http-yes-2.txt'),
          no.write('http-no-2.txt'),
        ]);
        expect(second.isError).not.toBe(true);
        expect(firstText(refused)).toBe(REASON);
        expect(existsSync(join(workspace.data, 'http-no-2.txt'))).toBe(false);
        expect(yes.seen).toEqual([shown('http-yes.txt'), shown('http-yes-2.txt')]);
        expect(no.seen).toEqual([shown('http-no.txt'), shown('http-no-2.txt')]);
      } finally {
        await Promise.all(clients.map((client) => client.close()));
        child.kill('SIGTERM');
      }
    },
    deadline(30_000),
  );
});

describe('toolgate mcp --audit with an ask tool', () => {
  it(
    'asks nobody, lets the call through and records the would-be approval_required',
    async () => {
      const workspace = aWorkspace();
      const records = join(workspace.dir, 'audit.jsonl');
      let asked = 0;
      const { client } = await aProxyClient(
        ['--policy', anAskPolicy(workspace), '--audit', '--records', `jsonl:${records}`],
        { elicitation: { form: {} } },
        (prepared) => {
          prepared.setRequestHandler(ElicitRequestSchema, () => {
            asked += 1;
            return { action: 'decline' };
          });
        },
      );
      try {
        const result = await client.callTool({
          name: 'fs__write_file_v1',
          arguments: { path: join(workspace.data, 'audit.txt'), content: 'audited' },
        });
        expect(result.isError).not.toBe(true);
        expect(asked).toBe(0);
        expect(readFileSync(join(workspace.data, 'audit.txt'), 'utf8')).toBe('audited');
        const line = readRecords(records).find(
          (entry) => entry.dispatch?.ref === 'fs/write_file@1',
        );
        expect(
          (line?.dispatch as { wouldRefuse?: { code: string } } | undefined)?.wouldRefuse?.code,
        ).toBe('approval_required');
      } finally {
        await client.close();
      }
    },
    deadline(30_000),
  );
});
