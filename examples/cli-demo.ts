/**
 * The CLI demo: the built `toolgate` CLI on the example policy, as a
 * newcomer would type it. Run it with `npm run demo` (it builds first);
 * the library-level demo is `npm run demo:library`.
 *
 * Each command's exit code is checked, so the demo also fails loudly if
 * the CLI ever decides differently.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const cli = resolve(root, 'dist/cli.js');

/** One command: what it shows, its arguments, and the exit code it must give. */
const steps: readonly (readonly [title: string, args: readonly string[], exitCode: number])[] = [
  [
    'Is the policy well formed? (every problem would be listed with file:line:column)',
    ['validate', 'examples/policy.yaml'],
    0,
  ],
  [
    'What the coding agent may call: the menu that goes into its prompt',
    ['menu', 'examples/policy.yaml', '--grant', 'coder'],
    0,
  ],
  [
    'An allowed turn: read a file in the workspace',
    [
      'check',
      'examples/policy.yaml',
      '--grant',
      'coder',
      '--cwd',
      '/workspace',
      'examples/turns/read-source.json',
    ],
    0,
  ],
  [
    'An escape: "../etc/passwd" climbs out of /workspace (exit code 1)',
    [
      'check',
      'examples/policy.yaml',
      '--grant',
      'coder',
      '--cwd',
      '/workspace',
      'examples/turns/escape-dotdot.json',
    ],
    1,
  ],
  [
    'Why? Every check of every call, and the grant entry that let each pass',
    [
      'check',
      'examples/policy.yaml',
      '--grant',
      'coder',
      '--cwd',
      '/workspace',
      '--explain',
      'examples/turns/escape-one-bad-call.json',
    ],
    1,
  ],
  [
    'A deny entry: /workspace is granted, but "!**/.env" takes every .env file away (exit code 1)',
    [
      'check',
      'examples/policy.yaml',
      '--grant',
      'coder',
      '--cwd',
      '/workspace',
      '--explain',
      'examples/turns/escape-denied-env.json',
    ],
    1,
  ],
  [
    'The same for an allowed turn: which folder root, host pattern and secret entry matched',
    [
      'check',
      'examples/policy.yaml',
      '--grant',
      'coder',
      '--cwd',
      '/workspace',
      '--explain',
      'examples/turns/fix-and-report.json',
    ],
    0,
  ],
  [
    'Approvals (rev 2): under the supervised grant a write waits for a person (exit code 1)',
    [
      'check',
      'examples/policy.yaml',
      '--grant',
      'supervised',
      '--cwd',
      '/workspace',
      'examples/turns/fix-and-report.json',
    ],
    1,
  ],
  [
    'What the person would be asked to approve: the exact arguments and their digest',
    [
      'check',
      'examples/policy.yaml',
      '--grant',
      'supervised',
      '--cwd',
      '/workspace',
      '--approve',
      'examples/turns/fix-and-report.json',
    ],
    0,
  ],
  [
    'Each tool with the digest a grant pins it to (the supervised grant pins github/api@1)',
    ['ls', 'examples/policy.yaml'],
    0,
  ],
  [
    'A proposed change to the coder grant, checked as a pull request would be: every widening, with a witness (exit 1)',
    ['diff', 'examples/policy.yaml', 'examples/policy.next.yaml', '--grant', 'coder'],
    1,
  ],
  [
    'The policy test cases: what must be allowed, and the escapes that must be refused',
    ['test', 'examples/policy.test.yaml'],
    0,
  ],
  [
    'Flow rules: once the mailbox was read, nothing may leave (read mail, then post: refused)',
    ['test', 'examples/flows.test.yaml'],
    0,
  ],
];

let failures = 0;
for (const [title, args, exitCode] of steps) {
  console.log(`\n# ${title}\n$ toolgate ${args.join(' ')}\n`);
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8' });
  process.stdout.write(result.stdout);
  process.stdout.write(result.stderr);
  console.log(`(exit code ${String(result.status)})`);
  if (result.status !== exitCode) {
    failures++;
    console.error(`the demo expected exit code ${exitCode} here`);
  }
}
process.exitCode = failures === 0 ? 0 : 1;
