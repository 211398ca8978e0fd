import { parseKortixManifest } from './parseKortixManifest.js';
import type { KortixDiagnostic, KortixSource } from './types.js';

/**
 * `kortix validate`: every diagnostic of a manifest, errors and warnings,
 * sorted by file, line and column. Errors break a rule (names, paths,
 * missing module files, `kortix:` values, files, versions); warnings flag a
 * name that is no tool, a Kortix tool the project does not load, a typo in
 * an exclude list (it leaves the real tool on) and a `tools:` key that lists
 * no Kortix tool.
 *
 * // validateKortixManifest('tools:\n  bash: tools/bash.ts\n')
 * //   => [{ severity: 'error', code: 'reserved_tool_name', file: 'kortix.yaml', line: 2, column: 3, … }]
 */
export function validateKortixManifest(source: KortixSource | string): readonly KortixDiagnostic[] {
  return parseKortixManifest(source).diagnostics;
}
