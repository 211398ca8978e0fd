import { messageOf } from '../data/messageOf.js';
import { records } from './commands/records.js';
import { EXIT } from './exitCodes.js';
import type { CliIo } from './io.js';

/**
 * Runs `toolgate records` and returns its exit code; never rejects: a crash
 * is reported as bad input (exit 2), as `runCli` does for the sync commands.
 */
export async function runRecordsCli(args: readonly string[], io: CliIo): Promise<number> {
  try {
    return await records(args, io);
  } catch (error) {
    io.stderr(
      `toolgate records: internal error: ${messageOf(error)} (please report it with the command line)\n`,
    );
    return EXIT.badInput;
  }
}
