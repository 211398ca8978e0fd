import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

/** What `resolveServerCommand` reads of the machine; the real one by default. */
export interface CommandLookup {
  readonly cwd: string;
  /** The PATH to search for a bare command name. */
  readonly path: string;
  readonly isExecutable: (file: string) => boolean;
  readonly exists: (file: string) => boolean;
}

/**
 * A server command line a client can start from any folder (issue 29): MCP
 * clients start servers with their own working directory and often a short
 * PATH, so `init` writes the command as an absolute path (a bare name found
 * on PATH, a relative path against the folder `init` ran in) and each
 * argument naming an existing file or folder relative to it as an absolute
 * path. Each change is a note, so the person can check it. A command not
 * found is left as written, with a note saying a client may not find it.
 *
 * // ('node', ['./server.js', '--port', '3'], in /work) => { command: '/usr/bin/node', args: ['/work/server.js', '--port', '3'] }
 */
export function resolveServerCommand(
  command: string,
  args: readonly string[],
  lookup: CommandLookup = realLookup(),
): { readonly command: string; readonly args: readonly string[]; readonly notes: string[] } {
  const notes: string[] = [];
  let resolved = command;
  if (isAbsolute(command)) {
    // as written
  } else if (command.includes('/') || command.includes('\\')) {
    resolved = resolve(lookup.cwd, command);
  } else {
    const found = lookup.path
      .split(delimiter)
      .filter((dir) => dir !== '')
      .map((dir) => join(resolve(lookup.cwd, dir), command))
      .find((file) => lookup.isExecutable(file));
    if (found === undefined)
      notes.push(
        `${command} is not on PATH here, so a client may not find it either: write its absolute path`,
      );
    else resolved = found;
  }
  if (resolved !== command) notes.push(`the command ${command} is written as ${resolved}`);
  const resolvedArgs = args.map((arg) => {
    if (arg === '' || arg.startsWith('-') || isAbsolute(arg)) return arg;
    const file = resolve(lookup.cwd, arg);
    if (!lookup.exists(file)) return arg;
    notes.push(`the argument ${arg} is written as ${file}`);
    return file;
  });
  return { command: resolved, args: resolvedArgs, notes };
}

function realLookup(): CommandLookup {
  return {
    cwd: process.cwd(),
    path: process.env.PATH ?? '',
    isExecutable: (file) => {
      try {
        accessSync(file, constants.X_OK);
        return statSync(file).isFile();
      } catch {
        return false;
      }
    },
    exists: (file) => {
      try {
        statSync(file);
        return true;
      } catch {
        return false;
      }
    },
  };
}
