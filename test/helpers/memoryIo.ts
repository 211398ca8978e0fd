import { existsSync, readFileSync } from 'node:fs';
import type { CliIo } from '../../src/cli/io.js';

/**
 * A CLI's io in this process: files from `files` first (then the disk, each
 * path through `onDisk`), stdin from a string, stdout and stderr collected.
 *
 * // const io = aMemoryIo(); await suggest(args, io); io.stdout() => 'grants: …'
 */
export function aMemoryIo(
  files: Readonly<Record<string, string>> = {},
  stdin = '',
  onDisk: (path: string) => string = (path) => path,
): CliIo & { readonly out: () => string; readonly err: () => string } {
  let stdout = '';
  let stderr = '';
  return {
    readFile: (path) =>
      Object.hasOwn(files, path) ? (files[path] as string) : readFileSync(onDisk(path), 'utf8'),
    exists: (path) => Object.hasOwn(files, path) || existsSync(onDisk(path)),
    readStdin: () => stdin,
    stdinIsTerminal: false,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    out: () => stdout,
    err: () => stderr,
  };
}
