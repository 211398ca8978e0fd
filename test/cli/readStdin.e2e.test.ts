import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';
import { builtCli } from '../helpers/freshDist.js';
import { aTempDir } from '../helpers/scratch.js';
import { deadline } from '../helpers/testEnv.js';

// A slow producer in a shell pipe, as `curl … | toolgate check` is: the
// reader finds no data yet (EAGAIN on a non-blocking fd) and more than one
// pipe buffer (64 KiB) later. `readFileSync(0)` failed on exactly this.
function pipeInto(command: string, bytes: number): Promise<{ code: number; stdout: string }> {
  const file = join(aTempDir('stdin'), 'turn.json');
  writeFileSync(file, JSON.stringify({ answer: 'x'.repeat(bytes) }));
  return new Promise((done) => {
    execFile(
      'bash',
      ['-c', `(sleep 0.4; cat '${file}'; sleep 0.2; printf ' ') | ${command}`],
      { cwd: ROOT, encoding: 'utf8', timeout: deadline(30_000) },
      (error, stdout) => {
        done({ code: error === null ? 0 : Number(error.code), stdout });
      },
    );
  });
}

const CLI = `'${process.execPath}' '${builtCli(ROOT)}' check examples/policy.yaml --grant coder -`;
const TSX = `'${process.execPath}' '${resolve(ROOT, 'node_modules/tsx/dist/cli.mjs')}' test/fixtures/cli/read-stdin.ts`;

describe.concurrent('reading a turn from a slow pipe', () => {
  it('decides a 200 KB turn that arrives late, through the built CLI', async () => {
    const result = await pipeInto(CLI, 200_000);
    expect(result.stdout).toBe('ALLOWED: the turn is an answer, with no call to check\n');
    expect(result.code).toBe(0);
  });

  it('reads every byte from a non-blocking stdin that is empty at first', async () => {
    const result = await pipeInto(TSX, 300_000);
    // {"answer":"…"} is 13 bytes around the text, plus the trailing space.
    expect(result.stdout).toBe(`${String(300_000 + 13 + 1)}\n`);
  });

  it('stops past the limit with a message instead of filling memory', async () => {
    const result = await pipeInto(`${TSX} 100000`, 300_000);
    expect(result.stdout).toBe(
      'error: standard input holds more than 100000 bytes; a turn is at most 1 MiB\n',
    );
  });
});
