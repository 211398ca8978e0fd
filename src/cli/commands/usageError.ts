import { EXIT } from '../exitCodes.js';
import type { CliIo } from '../io.js';
import { printJson } from '../report.js';

/** Reports a usage mistake and points at the command's help; exit code 2 (with `--json`, also as JSON). */
export function usageError(io: CliIo, command: string, problem: string, json: boolean): number {
  const message = `toolgate ${command}: ${problem} (see toolgate ${command} --help)`;
  io.stderr(`${message}\n`);
  if (json) printJson(io, { error: { message, diagnostics: [] } });
  return EXIT.badInput;
}
