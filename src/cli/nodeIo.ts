import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isatty } from 'node:tty';
import type { CliIo } from './io.js';
import { readStdinSync } from './readStdinSync.js';

/** The CLI's I/O on Node: files, standard input and output. */
export function nodeIo(): CliIo {
  return {
    readFile: (path) => readLimitedFile(path),
    exists: (path) => existsSync(path),
    readStdin: () => readStdinSync(),
    // isatty, not process.stdin.isTTY: touching process.stdin makes a piped fd 0 non-blocking.
    stdinIsTerminal: isatty(0),
    listDirectory: (path) => (isDirectory(path) ? readdirSync(path) : undefined),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  };
}

/** More than any policy, test or turn file needs; a bigger file is refused before it is read. */
export const FILE_LIMIT_BYTES = 8 * 1024 * 1024;

function readLimitedFile(path: string): string {
  const size = statSync(path).size;
  if (size > FILE_LIMIT_BYTES)
    throw new Error(`it is ${String(size)} bytes and the CLI reads files of at most 8 MiB`);
  return readFileSync(path, 'utf8');
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
