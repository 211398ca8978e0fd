import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aTempDir } from '../helpers/scratch.js';
import { EXAMPLE, runInProcess, turn } from './helpers.js';

const SUPERVISED = ['--grant', 'supervised', '--cwd', '/workspace'] as const;
const POLICY = `version: 1
grants:
  g:
    tools: [fs-write@1]
    ask: [fs-write@1]
    folders: [/w]
`;

describe('toolgate check --approve (rev 2)', () => {
  it('refuses a write under supervision as approval_required without --approve', () => {
    const result = runInProcess(['check', EXAMPLE, ...SUPERVISED, turn('fix-and-report')]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      'REFUSED: approval_required at dispatch.approval (call 1, fs-write@1)\n  fs-write@1 needs an approval for these exact arguments\n',
    );
  });

  it('shows what would be asked, then decides the turn as if a person approved it', () => {
    const result = runInProcess([
      'check',
      EXAMPLE,
      ...SUPERVISED,
      '--approve',
      turn('fix-and-report'),
    ]);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('APPROVAL NEEDED for call 1: fs-write@1');
    expect(lines[1]).toBe(
      '  arguments  {"content":"export const parse = (text: string) => JSON.parse(text);\\n","path":"src/parse.ts"}',
    );
    expect(lines[2]).toMatch(/^ {2}digest {5}sha256:[0-9a-f]{64}$/);
    expect(lines[4]).toBe('ALLOWED: 3 calls pass both stages of the gate');
  });

  it('--explain says at dispatch.approval whether the call needed an approval', () => {
    const result = runInProcess([
      'check',
      EXAMPLE,
      ...SUPERVISED,
      '--approve',
      '--explain',
      turn('fix-and-report'),
    ]);
    expect(result.code).toBe(0);
    const approvals = result.stdout
      .split('\n')
      .filter((line) => line.includes('dispatch.approval'))
      .map((line) => line.trim().replace(/\s+/g, ' '));
    expect(approvals).toEqual([
      "pass dispatch.approval fs-read@1 is not in the grant's ask: no approval needed",
      "pass dispatch.approval fs-write@1 is in the grant's ask: this call was approved",
      "pass dispatch.approval github/api@1 is not in the grant's ask: no approval needed",
    ]);
  });

  it('resolves symlinks with --approve as without it: a link out of the folder is refused', () => {
    const dir = aTempDir('approve-link');
    mkdirSync(join(dir, 'w'));
    mkdirSync(join(dir, 'outside'));
    symlinkSync(join(dir, 'outside'), join(dir, 'w', 'out'));
    const policy = POLICY.replace('folders: [/w]', `folders: [${join(dir, 'w')}]`);
    const write = JSON.stringify({
      calls: [
        {
          tool: 'fs-write',
          version: 1,
          arguments: { path: join(dir, 'w', 'out', 'x'), content: 'x' },
        },
      ],
    });
    const result = runInProcess(['check', 'p.yaml', '--approve', '-'], { 'p.yaml': policy }, write);
    expect(result.stdout).toMatch(/^REFUSED: folder_out_of_scope at dispatch\.folder/m);
    expect(result.code).toBe(1);
  });

  it('lets every other refusal stand, and lists the approvals in --json', () => {
    const outside =
      '{"calls":[{"tool":"fs-write","version":1,"arguments":{"path":"/etc/x","content":"x"}}]}';
    const refused = runInProcess(
      ['check', 'p.yaml', '--approve', '-'],
      { 'p.yaml': POLICY },
      outside,
    );
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/^REFUSED: folder_out_of_scope/);
    const inside =
      '{"calls":[{"tool":"fs-write","version":1,"arguments":"{\\"path\\":\\"/w/a\\",\\n\\"content\\":\\"x\\"}"}]}';
    const json = runInProcess(
      ['check', 'p.yaml', '--approve', '--json', '-'],
      { 'p.yaml': POLICY },
      inside,
    );
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as { allowed: boolean; approvals: unknown[] };
    expect(parsed.allowed).toBe(true);
    expect(parsed.approvals).toEqual([
      {
        callIndex: 0,
        ref: 'fs-write@1',
        arguments: '{"path":"/w/a",\n"content":"x"}',
        digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) as unknown,
      },
    ]);
    // In text, the newline in the raw arguments is escaped: it cannot start a forged line.
    const text = runInProcess(['check', 'p.yaml', '--approve', '-'], { 'p.yaml': POLICY }, inside);
    expect(text.stdout.split('\n')[1]).toBe('  arguments  {"path":"/w/a",\\n"content":"x"}');
  });

  it('shows each digest in ls, and refuses a malformed pin or ask in a policy', () => {
    expect(runInProcess(['ls', EXAMPLE]).stdout.split('\n')[0]).toContain('DIGEST');
    const bad = runInProcess(['validate', 'p.yaml'], {
      'p.yaml':
        'version: 1\ngrants:\n  g:\n    tools: ["fs-read@1#sha256:XY"]\n    ask: [fs-write@1]\n',
    });
    expect(bad.code).toBe(1);
    expect(bad.stdout + bad.stderr).toContain(
      'the pin after "#" must be "sha256:" and 64 lower-case hex digits',
    );
    expect(bad.stdout + bad.stderr).toContain('ask "fs-write@1" is not in tools');
  });
});
