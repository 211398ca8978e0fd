import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { runCli } from '../../src/cli/runCli.js';
import { builtCli } from '../helpers/freshDist.js';
import { aMemoryIo } from '../helpers/memoryIo.js';
import { deadline } from '../helpers/testEnv.js';
import { tracked } from '../helpers/scratch.js';

/** The package root: commands run from here, as a user in a fresh clone would. */
export const ROOT = resolve(import.meta.dirname, '../..');

/** What a command printed and its exit code. */
export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the built CLI (`node dist/cli.js …`, built by `pretest`) in a child
 * process from the package root, with optional stdin. Throws when
 * `dist/cli.js` is older than `src/` (test/helpers/freshDist.ts).
 *
 * // await spawnCli(['check', 'examples/policy.yaml', 'examples/turns/read-source.json'])
 */
export function spawnCli(
  args: readonly string[],
  options: {
    readonly stdin?: string;
    readonly command?: readonly string[];
    readonly cwd?: string;
  } = {},
): Promise<CliResult> {
  const [file = process.execPath, ...prefix] = options.command ?? [
    process.execPath,
    builtCli(ROOT),
  ];
  return new Promise((done) => {
    const child = tracked(
      execFile(
        file,
        [...prefix, ...args],
        { cwd: options.cwd ?? ROOT, encoding: 'utf8', timeout: deadline(30_000) },
        (error, stdout, stderr) => {
          const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
          done({ code, stdout, stderr });
        },
      ),
    );
    child.stdin?.end(options.stdin ?? '');
  });
}

/**
 * Runs the CLI in this process with files from a map (then the disk,
 * relative to the package root) and stdin from a string: fast, for the
 * many cases the spawned tests do not need to repeat.
 *
 * // runInProcess(['validate', 'p.yaml'], { 'p.yaml': 'version: 1\n' })
 */
export function runInProcess(
  args: readonly string[],
  files: Readonly<Record<string, string>> = {},
  stdin = '',
): CliResult {
  const io = aMemoryIo(files, stdin, (path) => resolve(ROOT, path));
  const code = runCli(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

/** The example policy and its turns, as the README's commands name them. */
export const EXAMPLE = 'examples/policy.yaml';
export const turn = (name: string) => `examples/turns/${name}.json`;
export const CODER = ['--grant', 'coder', '--cwd', '/workspace'] as const;
