import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aTempDir, tracked } from '../helpers/scratch.js';
import { deadline } from '../helpers/testEnv.js';

const ROOT = resolve(import.meta.dirname, '../..');
const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const CONFIG = join(ROOT, 'test', 'fixtures', 'leak', 'vitest.config.ts');

/** Runs the leaking fixture file under the suite's global check, in a temp folder of its own. */
function subRun(leak: string): Promise<{ code: number; output: string }> {
  const tmp = aTempDir('subrun');
  return new Promise((done) => {
    tracked(
      execFile(
        process.execPath,
        [VITEST, 'run', '--config', CONFIG],
        {
          cwd: ROOT,
          encoding: 'utf8',
          timeout: deadline(60_000),
          env: { ...process.env, TMPDIR: tmp, TOOLGATE_LEAK: leak, NO_COLOR: '1' },
        },
        (error, stdout, stderr) => {
          done({ code: error === null ? 0 : Number(error.code ?? 1), output: stdout + stderr });
        },
      ),
    );
  });
}

/** Alive and not a zombie (an orphan's zombie stays until its new parent reaps it). */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe("the suite's check that nothing is left behind", () => {
  it(
    'passes a file that leaves nothing',
    async () => {
      const run = await subRun('none');
      expect(run.output).not.toContain('left');
      expect(run.code).toBe(0);
    },
    deadline(60_000),
  );

  it(
    'fails a run that leaks a process and a temp folder, naming both, and ends them',
    async () => {
      const run = await subRun('both');
      const pid = Number(/leaked pid (\d+)/.exec(run.output)?.[1]);
      const folder = /leaked folder (\S+)/.exec(run.output)?.[1] ?? '';
      expect(pid).toBeGreaterThan(0);
      expect(run.output).toContain('the tests left 1 process(es) and 1 temp folder(s) behind');
      expect(run.output).toContain(`process ${String(pid)} still running: `);
      expect(run.output).toContain(`temp folder left behind: ${folder}`);
      expect(run.code).toBe(1);
      expect(isAlive(pid)).toBe(false);
      expect(existsSync(folder)).toBe(false);
    },
    deadline(60_000),
  );
});
