import type { PolicyFiles } from './policy/types.js';

/** Everything the CLI reads and writes, passed in so commands stay testable. */
export interface CliIo extends PolicyFiles {
  /** Reads all of standard input as UTF-8. */
  readonly readStdin: () => string;
  readonly stdinIsTerminal: boolean;
  /** The names in a directory, or `undefined` when `path` is not a directory. */
  readonly listDirectory?: (path: string) => readonly string[] | undefined;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}
