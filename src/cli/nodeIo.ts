import { existsSync, readFileSync } from 'node:fs';
import { isatty } from 'node:tty';
import type { CliIo } from './io.js';
import { readStdinSync } from './readStdinSync.js';

/** The CLI's I/O on Node: files, standard input and output. */
export function nodeIo(): CliIo {
  return {
    readFile: (path) => readFileSync(path, 'utf8'),
    exists: (path) => existsSync(path),
    readStdin: () => readStdinSync(),
    // isatty, not process.stdin.isTTY: touching process.stdin makes a piped fd 0 non-blocking.
    stdinIsTerminal: isatty(0),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  };
}
