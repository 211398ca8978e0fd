import { messageOf } from '../data/messageOf.js';
import type { Diagnostic } from './diagnostics.js';
import { EXIT } from './exitCodes.js';
import { formatDiagnosticLines } from './format/formatDiagnosticLines.js';
import { printableLines } from './format/printableLines.js';
import type { CliIo } from './io.js';

/** Prints a value as the one JSON document of a `--json` run. */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Reports input the command cannot use and returns exit code 2: the
 * diagnostics, then one summary message, on stderr, and with `--json` the same as
 * `{ "error": { message, diagnostics } }` on stdout.
 */
export function reportBadInput(
  io: CliIo,
  json: boolean,
  message: string,
  diagnostics: readonly Diagnostic[] = [],
): number {
  const listed = diagnostics.filter((d) => d.severity === 'error');
  io.stderr(`${printableLines([...formatDiagnosticLines(listed), message])}\n`);
  if (json) printJson(io, { error: { message, diagnostics: listed } });
  return EXIT.badInput;
}

/** Reads a file, or says why it cannot be read. */
export function readText(
  io: CliIo,
  path: string,
): { readonly text: string } | { readonly problem: string } {
  try {
    return { text: io.readFile(path) };
  } catch (error) {
    return { problem: `cannot read ${path}: ${messageOf(error)}` };
  }
}
