import { readdirSync, readFileSync } from 'node:fs';

/** The environment variable that marks every process one test run started (its value is the run's id). */
export const RUN_MARKER = 'TOOLGATE_TEST_RUN';

/** A process found by {@link findMarkedProcesses}. */
export interface MarkedProcess {
  readonly pid: number;
  readonly parent: number;
  readonly command: string;
}

/**
 * The live processes whose environment holds `RUN_MARKER=id`, read from /proc
 * (Linux). A child inherits the marker from the test that spawned it, and keeps
 * it when its parent exits, so an orphan is found too.
 *
 * // findMarkedProcesses('run-1') => [{ pid: 4242, parent: 1, command: 'node dist/cli.js mcp …' }]
 */
export function findMarkedProcesses(id: string): MarkedProcess[] {
  const needle = `\0${RUN_MARKER}=${id}\0`;
  const found: MarkedProcess[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const environ = `\0${readFileSync(`/proc/${name}/environ`, 'latin1')}`;
      if (!environ.includes(needle)) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue;
      const command = readFileSync(`/proc/${name}/cmdline`, 'latin1').split('\0').join(' ').trim();
      found.push({ pid: Number(name), parent: Number(fields[1]), command });
    } catch {
      // It exited while we looked, or it is not ours to read.
    }
  }
  return found;
}
