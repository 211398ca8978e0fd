import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { tracked } from './scratch.js';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs');
const WORKER = join(ROOT, 'test', 'fixtures', 'stores', 'worker.ts');

/** Starts the store worker (test/fixtures/stores/worker.ts) with these arguments. */
export function startWorker(args: readonly string[]): ChildProcess {
  return tracked(
    spawn(process.execPath, ['--import', TSX, WORKER, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

/** Runs the worker to its end: its exit code, stdout and stderr. */
export function runWorker(
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = startWorker(args);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}
