import type { KortixDiagnostic } from './types.js';

/**
 * Writes diagnostics one per line, as editors and terminals link them:
 * `FILE:LINE:COLUMN: SEVERITY: MESSAGE (FIX)`. No trailing newline.
 *
 * // kortix.yaml:3:3: error: bash is a harness tool name, which a tool under tools: cannot use (rename the tool, such as my_bash)
 */
export function formatKortixDiagnostics(diagnostics: readonly KortixDiagnostic[]): string {
  return diagnostics
    .map((d) => `${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message} (${d.fix})`)
    .join('\n');
}
