import { existsSync, readFileSync } from 'node:fs';
import type { CliIo } from './io.js';

/** The CLI's I/O on Node: files, standard input and output. */
export function nodeIo(): CliIo {
  return {
    readFile: (path) => readFileSync(path, 'utf8'),
    exists: (path) => existsSync(path),
    readStdin: () => readFileSync(0, 'utf8'),
    stdinIsTerminal: process.stdin.isTTY,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  };
}
