import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODER, EXAMPLE, ROOT, spawnCli, turn } from './helpers.js';

// The built CLI, spawned as a user runs it (`npm test` builds it first).
// Concurrent: each test waits on its own child process.
const version = (
  JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

describe.concurrent('toolgate, spawned from the package root', () => {
  it('prints its version, and its help on stderr with exit code 2 when no command is given', async () => {
    const [printed, bare] = await Promise.all([spawnCli(['--version']), spawnCli([])]);
    expect(printed).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    expect(bare).toMatchObject({ code: 2, stdout: '' });
    for (const command of ['check', 'menu', 'validate', 'ls', 'test'])
      expect(bare.stderr).toContain(`  ${command} `);
  });

  it('exits 0 for an allowed turn and prints the calls', async () => {
    const result = await spawnCli(['check', EXAMPLE, ...CODER, turn('read-source')]);
    expect(result).toEqual({
      code: 0,
      stdout:
        'ALLOWED: 1 call passes both stages of the gate\n  call 0  fs-read@1  {"path":"src/index.ts"}\n',
      stderr: '',
    });
  });

  it("exits 1 for an escape and prints the refusal in the spec's words", async () => {
    const result = await spawnCli(['check', EXAMPLE, ...CODER, turn('escape-dotdot')]);
    expect(result).toEqual({
      code: 1,
      stdout: [
        'REFUSED: folder_out_of_scope at dispatch.folder (call 0, fs-read@1)',
        '  the path /etc/passwd is outside the granted folder scope',
        '  /path: no granted folder allows reading here',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('reads the turn from stdin, with - or with no turn file', async () => {
    const text = readFileSync(resolve(ROOT, turn('escape-secret')), 'utf8');
    const [dash, none] = await Promise.all([
      spawnCli(['check', EXAMPLE, ...CODER, '-'], { stdin: text }),
      spawnCli(['check', EXAMPLE, ...CODER], { stdin: '{"answer":"done"}' }),
    ]);
    expect(dash.code).toBe(1);
    expect(dash.stdout).toContain(
      'REFUSED: secret_out_of_scope at dispatch.secret (call 0, http/fetch@1)',
    );
    expect(none).toEqual({
      code: 0,
      stdout: 'ALLOWED: the turn is an answer, with no call to check\n',
      stderr: '',
    });
  });

  it('refuses a turn that is not JSON as malformed_proposal (exit 1): the gate judges the text, as in a runtime', async () => {
    const result = await spawnCli(['check', EXAMPLE, ...CODER, '-'], { stdin: 'calls: [fs-read]' });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^REFUSED: malformed_proposal at proposal\.decode\n {2}the proposal is malformed: /,
    );
  });

  it('prints { allowed, decision } with --json', async () => {
    const [refused, allowed] = await Promise.all([
      spawnCli(['check', EXAMPLE, ...CODER, '--json', turn('escape-one-bad-call')]),
      spawnCli(['check', EXAMPLE, ...CODER, '--json', turn('fetch-package')]),
    ]);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toEqual({
      allowed: false,
      decision: {
        settled: 'rejected',
        refusal: {
          check: 'dispatch.folder',
          code: 'folder_out_of_scope',
          reason: 'the path /etc/cron.d/backdoor is outside the granted folder scope',
          callIndex: 1,
          ref: 'fs-write@1',
          details: [{ pointer: '/path', message: 'no granted folder allows writing here' }],
        },
      },
    });
    expect(allowed.code).toBe(0);
    expect(JSON.parse(allowed.stdout)).toEqual({
      allowed: true,
      decision: {
        settled: 'tool',
        calls: [
          {
            tool: 'http/fetch',
            version: 1,
            ref: 'http/fetch@1',
            shape: 'call',
            arguments: { url: 'https://registry.npmjs.org/left-pad' },
            rawArguments: '{"url": "https://registry.npmjs.org/left-pad"}',
          },
        ],
      },
    });
  });

  it('explains every check of every call, and the grant entry and policy line behind each pass', async () => {
    const result = await spawnCli([
      'check',
      EXAMPLE,
      ...CODER,
      '--explain',
      turn('escape-one-bad-call'),
    ]);
    expect(result.code).toBe(1);
    const lines = result.stdout.split('\n');
    expect(lines.slice(0, 2)).toEqual([
      'policy examples/policy.yaml · grant coder · step (none) · agent (none: every tool visible) · cwd /workspace',
      'turn examples/turns/escape-one-bad-call.json',
    ]);
    expect(lines).toContain(
      '  pass     proposal.granted    tool fs-read@1: granted by grants.coder.tools[0] (examples/policy.yaml:52:13)',
    );
    expect(lines).toContain(
      '  pass     dispatch.folder     path README.md => /workspace/README.md (read) at /path: granted by grants.coder.folders[0] /workspace (write) (examples/policy.yaml:53:15)',
    );
    expect(lines).toContain(
      '  REFUSED  dispatch.folder     the path /etc/cron.d/backdoor is outside the granted folder scope (folder_out_of_scope)',
    );
    expect(lines).toContain(
      `${' '.repeat(31)}the grant's folders: /workspace (write), !**/.env, !/workspace/.git/**`,
    );
    expect(lines).toContain('  -        dispatch.secret     not run: the call is already refused');
    // The verdict on the whole turn comes last, exactly as without --explain.
    expect(
      result.stdout.endsWith(
        'REFUSED: folder_out_of_scope at dispatch.folder (call 1, fs-write@1)\n  the path /etc/cron.d/backdoor is outside the granted folder scope\n  /path: no granted folder allows writing here\n',
      ),
    ).toBe(true);
  });

  it('puts the explanation in --json: every check id in order, with its verdict and matched entries', async () => {
    const result = await spawnCli([
      'check',
      EXAMPLE,
      ...CODER,
      '--explain',
      '--json',
      turn('fix-and-report'),
    ]);
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout) as {
      allowed: boolean;
      explain: {
        kind: string;
        calls: {
          ref: string;
          checks: {
            id: string;
            verdict: string;
            matched: { scope: string; entry: string; place?: { line: number } }[];
          }[];
        }[];
      };
    };
    expect(parsed.allowed).toBe(true);
    expect(parsed.explain.kind).toBe('calls');
    const api = parsed.explain.calls[2];
    expect(api?.ref).toBe('github/api@1');
    expect(api?.checks.map((check) => `${check.id}:${check.verdict}`)).toEqual([
      'proposal.granted:pass',
      'proposal.visible:pass',
      'proposal.arguments:pass',
      'dispatch.step:pass',
      'dispatch.shape:pass',
      'dispatch.grant:pass',
      'dispatch.network:pass',
      'dispatch.folder:pass',
      'dispatch.secret:pass',
      'dispatch.flow:pass',
      'dispatch.approval:pass',
    ]);
    const network = api?.checks.find((check) => check.id === 'dispatch.network')?.matched;
    expect(network?.map((match) => [match.scope, match.entry, match.place?.line])).toEqual([
      ['network', 'api.github.com', 54],
      ['network', 'api.github.com', 54],
    ]);
    const secret = api?.checks.find((check) => check.id === 'dispatch.secret')?.matched;
    expect(secret?.map((match) => [match.scope, match.entry])).toEqual([
      ['secrets', 'GITHUB_TOKEN'],
    ]);
  });

  it('exits 2 with every error placed (file:line:column) when the policy is broken', async () => {
    const result = await spawnCli([
      'check',
      'test/fixtures/cli/broken-policy.yaml',
      '--grant',
      'coder',
      turn('read-source'),
    ]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines.map((line) => /^[^:]+:(\d+:\d+): error: /.exec(line)?.[1])).toEqual([
      '7:15',
      '8:5',
      '11:24',
      '12:15',
      '12:40',
      '14:15',
      '15:1',
      undefined,
    ]);
    expect(lines.at(-1)).toBe(
      'toolgate check: test/fixtures/cli/broken-policy.yaml has 7 errors; fix them (toolgate validate test/fixtures/cli/broken-policy.yaml lists every problem)',
    );
  });

  it('exits 2 for usage mistakes and names that are not in the policy, with --json as well', async () => {
    const [option, json, missing] = await Promise.all([
      spawnCli(['check', EXAMPLE, '--grnt', 'coder']),
      spawnCli([
        'check',
        EXAMPLE,
        '--grant',
        'coder',
        '--step',
        'nope',
        '--json',
        turn('read-source'),
      ]),
      spawnCli(['check', EXAMPLE, '--grant', 'coder', 'examples/turns/nope.json']),
    ]);
    expect(option).toEqual({
      code: 2,
      stdout: '',
      stderr: "toolgate check: Unknown option '--grnt' (see toolgate check --help)\n",
    });
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({
      error: {
        message:
          'toolgate check: examples/policy.yaml has no step "nope" (its steps are plan, edit)',
        diagnostics: [],
      },
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /^toolgate check: cannot read examples\/turns\/nope\.json: ENOENT/,
    );
  });

  it('renders the menu as text, and as provider JSON', async () => {
    const [text, openai] = await Promise.all([
      spawnCli(['menu', EXAMPLE, '--grant', 'reviewer', '--step', 'plan']),
      spawnCli(['menu', EXAMPLE, '--grant', 'coder', '--agent', 'reader', '--format', 'openai']),
    ]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^You can call the following tools:\nname: fs-read\nversion: 1\n/);
    expect(text.stdout).toContain(
      "\n\nname: github/api\nversion: 1\nCalls the GitHub REST API with the run's GitHub token.\n",
    );
    // The reader agent sees fs-read and github/*: the coder grant's other tools are not listed.
    expect(
      (JSON.parse(openai.stdout) as { function: { name: string } }[]).map(
        (tool) => tool.function.name,
      ),
    ).toEqual(['fs-read_v1', 'github__api_v1']);
  });

  it('validates: exit 0 clean, 1 with problems, each placed', async () => {
    const [clean, broken, json] = await Promise.all([
      spawnCli(['validate', EXAMPLE]),
      spawnCli(['validate', 'test/fixtures/cli/broken-policy.json']),
      spawnCli(['validate', 'test/fixtures/cli/broken-syntax.yaml', '--json']),
    ]);
    expect(clean).toEqual({
      code: 0,
      stdout: 'examples/policy.yaml: no problems (5 tools, 3 grants, 2 steps, 1 agent)\n',
      stderr: '',
    });
    expect(broken.code).toBe(1);
    expect(broken.stdout).toBe(
      'test/fixtures/cli/broken-policy.json:6:19: error: grants.coder.folders[0] relative/path: a folder root must be an absolute POSIX path starting with "/" (write it in full, such as "/srv/project")\n' +
        'test/fixtures/cli/broken-policy.json: 1 error, 0 warnings\n',
    );
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      file: 'test/fixtures/cli/broken-syntax.yaml',
      ok: false,
      errors: 1,
      warnings: 0,
      diagnostics: [
        {
          severity: 'error',
          code: 'yaml_syntax',
          file: 'test/fixtures/cli/broken-syntax.yaml',
          line: 5,
          column: 3,
        },
      ],
    });
  });

  it('lists the inventory with the grants naming each tool, as text and --json', async () => {
    const [text, json] = await Promise.all([
      spawnCli(['ls', EXAMPLE]),
      spawnCli(['ls', EXAMPLE, '--json']),
    ]);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n').slice(0, 2)).toEqual([
      'REF               KIND     FROM      GRANTED BY                   NETWORK         DIGEST                                                                   DESCRIPTION',
      "fs-read@1         builtin  built-in  coder, reviewer, supervised  -               sha256:a77f079f5852f9152d2e56168badd9edc09a817ca62030fa1ef625870d727b26  Reads bytes from a path the run's folder grant already covers. Read-only.",
    ]);
    const parsed = JSON.parse(json.stdout) as {
      policy: string;
      tools: { ref: string; grantedBy: string[]; network: string[] }[];
    };
    expect(parsed.policy).toBe(EXAMPLE);
    expect(parsed.tools.map((tool) => [tool.ref, tool.grantedBy])).toEqual([
      ['fs-read@1', ['coder', 'reviewer', 'supervised']],
      ['fs-write@1', ['coder', 'supervised']],
      ['github/api@1', ['coder', 'reviewer', 'supervised']],
      ['http/fetch@1', ['coder']],
      ['text-summarize@1', []],
    ]);
  });

  it('runs policy tests: "N passed, N failed", exit 0 or 1, and exit 2 for a broken test file', async () => {
    const [example, failing, broken] = await Promise.all([
      spawnCli(['test', 'examples/policy.test.yaml']),
      spawnCli(['test', 'test/fixtures/cli/failing.test.yaml', '--json']),
      spawnCli(['test', 'test/fixtures/cli/broken.test.yaml']),
    ]);
    expect(example.code).toBe(0);
    expect(example.stdout.trimEnd().split('\n').at(-1)).toBe('22 passed, 0 failed');
    expect(failing.code).toBe(1);
    const report = JSON.parse(failing.stdout) as {
      passed: number;
      failed: number;
      cases: { name: string; ok: boolean; line: number }[];
    };
    expect([report.passed, report.failed]).toEqual([2, 2]);
    expect(report.cases.filter((item) => !item.ok).map((item) => [item.name, item.line])).toEqual([
      ['expects allow, but the path escapes', 8],
      ['expects a refusal, but the call is allowed', 14],
    ]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain(
      'test/fixtures/cli/broken.test.yaml:4:12: error: cases[0] (names a grant the policy does not have): examples/policy.yaml has no grant "codr"',
    );
    expect(broken.stderr).toContain(
      'test/fixtures/cli/broken.test.yaml:10:23: error: cases[1].expect.refuse folder_out_of_scop is not allowed here (did you mean folder_out_of_scope?',
    );
  });

  it('prints each failing case with what was expected, what happened and the refusal', async () => {
    const result = await spawnCli(['test', 'test/fixtures/cli/failing.test.yaml']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      [
        'test/fixtures/cli/failing.test.yaml (policy examples/policy.yaml)',
        '  pass  reads a file',
        '  FAIL  expects allow, but the path escapes (test/fixtures/cli/failing.test.yaml:8:11)',
        '        expected: allowed',
        '        actual:   refused with folder_out_of_scope, call 0',
        '        REFUSED: folder_out_of_scope at dispatch.folder (call 0, fs-read@1)',
        '          the path /etc/passwd is outside the granted folder scope',
        '          /path: no granted folder allows reading here',
        '  pass  refuses a write outside',
        '  FAIL  expects a refusal, but the call is allowed (test/fixtures/cli/failing.test.yaml:14:11)',
        '        expected: refused with folder_out_of_scope',
        '        actual:   allowed (every call passes both stages)',
        '',
        '2 passed, 2 failed',
        '',
      ].join('\n'),
    );
  });
});
