import type { Diagnostic } from '../diagnostics.js';

/**
 * Diagnostics for people, one line each (`printableLines` escapes a newline
 * inside one, so a value quoted from a file cannot forge another).
 *
 * // [{ file: 'p.yaml', line: 3, column: 5, severity: 'error', message: 'm', fix: 'f' }] => ['p.yaml:3:5: error: m (f)']
 */
export function formatDiagnosticLines(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map(
    (d) => `${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message} (${d.fix})`,
  );
}
