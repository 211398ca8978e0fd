import { messageOf } from '../data/messageOf.js';
import packageJson from '../../package.json' with { type: 'json' };
import { check } from './commands/check.js';
import { diff } from './commands/diff.js';
import { ls } from './commands/ls.js';
import { menu } from './commands/menu.js';
import { test } from './commands/test.js';
import { validate } from './commands/validate.js';
import { EXIT } from './exitCodes.js';
import { HELP } from './help.js';
import type { CliIo } from './io.js';
import { wantsHelp } from './wantsHelp.js';

const COMMANDS: Readonly<Record<string, (args: readonly string[], io: CliIo) => number>> = {
  check,
  diff,
  menu,
  validate,
  ls,
  test,
};

/** The commands src/cli/index.ts runs on their own async entries, before runCli sees them. */
const ASYNC_COMMANDS = ['records', 'suggest', 'approvals', 'ui', 'mcp'] as const;

/**
 * Runs one `toolgate` command line and returns its exit code: 0 allowed /
 * clean / all passed, 1 refused / problems / a test failed, 2 bad input.
 * Never throws: a crash is reported as bad input, so `check` can never
 * exit 0 by accident.
 */
export function runCli(args: readonly string[], io: CliIo): number {
  const [command, ...rest] = args;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    const topic = command === 'help' ? rest[0] : undefined;
    const text = HELP[topic !== undefined && Object.hasOwn(HELP, topic) ? topic : 'toolgate'] ?? '';
    // No command at all is a usage mistake: help goes to stderr, with exit code 2.
    if (command === undefined) io.stderr(text);
    else io.stdout(text);
    return command === undefined ? EXIT.badInput : EXIT.ok;
  }
  if (command === '-v' || command === '--version') {
    io.stdout(`${packageJson.version}\n`);
    return EXIT.ok;
  }
  // `mcp` runs from its own async entry (src/cli/index.ts); only its help is answered here.
  if (command === 'mcp' && wantsHelp(rest)) {
    io.stdout(HELP.mcp ?? '');
    return EXIT.ok;
  }
  const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (run === undefined) {
    io.stderr(
      `toolgate: unknown command ${JSON.stringify(command)}; the commands are ${[...Object.keys(COMMANDS), ...ASYNC_COMMANDS].join(', ')} (see toolgate --help)\n`,
    );
    return EXIT.badInput;
  }
  if (rest.includes('-h') || rest.includes('--help')) {
    io.stdout(HELP[command] ?? '');
    return EXIT.ok;
  }
  try {
    return run(rest, io);
  } catch (error) {
    io.stderr(
      `toolgate ${command}: internal error: ${messageOf(error)} (please report it with the command line)\n`,
    );
    return EXIT.badInput;
  }
}
