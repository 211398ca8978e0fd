import { messageOf } from '../data/messageOf.js';
import { approvals } from './commands/approvals.js';
import { records } from './commands/records.js';
import { suggest } from './commands/suggest.js';
import { EXIT } from './exitCodes.js';
import type { CliIo } from './io.js';

/**
 * Runs `toolgate records` (or `suggest` or `approvals`, which read the store too)
 * and returns its exit code; never rejects: a crash is reported as bad
 * input (exit 2), as `runCli` does for the sync commands.
 */
export async function runRecordsCli(
  args: readonly string[],
  io: CliIo,
  command: 'records' | 'suggest' | 'approvals' = 'records',
): Promise<number> {
  try {
    const run = command === 'suggest' ? suggest : command === 'approvals' ? approvals : records;
    return await run(args, io);
  } catch (error) {
    io.stderr(
      `toolgate ${command}: internal error: ${messageOf(error)} (please report it with the command line)\n`,
    );
    return EXIT.badInput;
  }
}
