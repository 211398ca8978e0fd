import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findMarkedProcesses, RUN_MARKER, type MarkedProcess } from '../helpers/processes.js';
import { removeTree, TEMP_PREFIX } from '../helpers/scratch.js';
import { deadline } from '../helpers/testEnv.js';

/**
 * The suite's check that nothing is left behind (docs/development.md). Before the
 * run: mark this run's processes with a fresh id, and give the run a temp folder
 * of its own (`TMPDIR`, which every worker and child inherits), so that two runs
 * on one machine never see each other's folders. After it: fail the run, naming
 * each one, if a process the tests started is still alive or a `toolgate-*`
 * folder is left, then end them and remove the run's temp folder.
 */
export default function setup(): () => Promise<void> {
  const id = randomUUID();
  process.env[RUN_MARKER] = id;
  const runTemp = mkdtempSync(join(tmpdir(), `${TEMP_PREFIX}run-`));
  // Others may pass through (not list): the read-only SQLite test opens a file in it as nobody.
  chmodSync(runTemp, 0o711);
  for (const name of ['TMPDIR', 'TMP', 'TEMP']) process.env[name] = runTemp;
  return async () => {
    const leaked = await waitForExits(id, deadline(5000));
    const left = tempFolders(runTemp);
    for (const child of leaked) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // Gone since.
      }
    }
    removeTree(runTemp);
    if (leaked.length === 0 && left.length === 0) return;
    const lines = [
      ...leaked.map((child) => `process ${String(child.pid)} still running: ${child.command}`),
      ...left.map((dir) => `temp folder left behind: ${dir}`),
    ];
    // vitest reports an error thrown here but keeps its exit code: set it too.
    process.exitCode = 1;
    throw new Error(
      `the tests left ${String(leaked.length)} process(es) and ${String(left.length)} temp folder(s) behind ` +
        `(end them with the helpers of test/helpers/scratch.ts):\n  ${lines.join('\n  ')}`,
    );
  };
}

/** The run's processes still alive after `ms`, but for vitest's own workers (children of this process). */
async function waitForExits(id: string, ms: number): Promise<MarkedProcess[]> {
  const end = Date.now() + ms;
  for (;;) {
    const alive = findMarkedProcesses(id).filter(
      (child) => child.pid !== process.pid && child.parent !== process.pid,
    );
    if (alive.length === 0 || Date.now() >= end) return alive;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function tempFolders(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.startsWith(TEMP_PREFIX))
    .map((name) => join(dir, name));
}
