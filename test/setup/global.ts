import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findMarkedProcesses, RUN_MARKER, type MarkedProcess } from '../helpers/processes.js';
import { removeTree, TEMP_PREFIX } from '../helpers/scratch.js';
import { deadline } from '../helpers/testEnv.js';

/**
 * The suite's check that nothing is left behind (docs/development.md). Before the
 * run: mark this run's processes with a fresh id and note the `toolgate-*` temp
 * folders already there. After it: fail the run, naming each one, if a process
 * the tests started is still alive or a new `toolgate-*` folder is left, then
 * end and remove them so the next run starts clean.
 */
export default function setup(): () => Promise<void> {
  const id = randomUUID();
  process.env[RUN_MARKER] = id;
  const before = new Set(tempFolders());
  return async () => {
    const leaked = await waitForExits(id, deadline(5000));
    const left = tempFolders().filter((dir) => !before.has(dir));
    for (const child of leaked) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // Gone since.
      }
    }
    for (const dir of left) removeTree(dir);
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

function tempFolders(): string[] {
  return readdirSync(tmpdir())
    .filter((name) => name.startsWith(TEMP_PREFIX))
    .map((name) => join(tmpdir(), name));
}
