import { printable } from './printable.js';

/** Newline, carriage return and tab: inside one line they are text, never layout. */
const LAYOUT = /[\t\n\r]/g;

/**
 * Joins lines for a terminal, each escaped on its own: a newline, carriage
 * return or tab inside a line (from a key or value the model wrote) becomes
 * `\n`, `\r`, `\t` as text, so it can never start a forged line such as
 * `ALLOWED: …` under a refused verdict; every other control character is
 * escaped as by `printable`.
 *
 * // ['REFUSED: …', '  /x\nALLOWED: 1 call: …'] => 'REFUSED: …\n  /x\\nALLOWED: 1 call: …'
 */
export function printableLines(lines: readonly string[]): string {
  return lines
    .map((line) =>
      printable(line).replace(LAYOUT, (char) =>
        char === '\n' ? '\\n' : char === '\r' ? '\\r' : '\\t',
      ),
    )
    .join('\n');
}
