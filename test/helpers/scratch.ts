import type { ChildProcess } from 'node:child_process';
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deadline } from './testEnv.js';

/**
 * What a test file started: temp folders, child processes and other things to
 * end. `test/setup/cleanUpAfterFile.ts` ends them all after every file, even
 * when a test failed or timed out; `test/setup/global.ts` then fails the run if
 * a process or a `toolgate-*` temp folder is still there.
 */
const folders = new Set<string>();
const children = new Set<ChildProcess>();
const closers = new Set<() => unknown>();

/** The prefix of every temp folder a test makes: the suite's check looks for it. */
export const TEMP_PREFIX = 'toolgate-';

/**
 * A new empty folder in the temp folder, `toolgate-LABEL-XXXXXX`, removed after the file.
 *
 * // const dir = aTempDir('sqlite') => '/tmp/toolgate-sqlite-a1B2c3'
 */
export function aTempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${TEMP_PREFIX}${label}-`));
  folders.add(dir);
  return dir;
}

/** Removes a folder `aTempDir` made now, rather than after the file. */
export function removeTempDir(dir: string): void {
  removeTree(dir);
  folders.delete(dir);
}

/**
 * Ends this child process after the file (SIGTERM, then SIGKILL) if it is still running.
 *
 * // const child = tracked(spawn(process.execPath, [CLI, 'mcp', …]))
 */
export function tracked<T extends ChildProcess>(child: T): T {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Runs `close` after the file (a client to close, a server to stop); errors are ignored. */
export function onCleanUp(close: () => unknown): void {
  closers.add(close);
}

/** Ends everything registered: closers first, then processes, then folders. */
export async function cleanUp(): Promise<void> {
  const closing = [...closers];
  closers.clear();
  await Promise.all(
    closing.map(async (close) => {
      try {
        await close();
      } catch {
        // It was closed already, or cannot be: the process and folder steps still run.
      }
    }),
  );
  await Promise.all([...children].map(endProcess));
  children.clear();
  for (const dir of folders) removeTree(dir);
  folders.clear();
}

/** SIGTERM, then SIGKILL if it has not exited within a few seconds. */
async function endProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => {
      resolve('late');
    }, deadline(3000));
  });
  const first = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (first === 'late') {
    child.kill('SIGKILL');
    await exited;
  }
}

/** Removes a tree, first giving back write access a test took away (chmod 0555 and the like). */
export function removeTree(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true });
    return;
  } catch {
    // Not as root: a folder without write access keeps its entries. Open them up and try again.
  }
  openUp(dir);
  rmSync(dir, { recursive: true, force: true });
}

function openUp(path: string): void {
  try {
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (stat === undefined || !stat.isDirectory()) return;
    chmodSync(path, 0o700);
    for (const name of readdirSync(path)) openUp(join(path, name));
  } catch {
    // Not ours to open: rmSync reports it.
  }
}
