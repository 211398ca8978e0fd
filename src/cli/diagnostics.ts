/** How bad a finding is: an error stops the file from being used; a warning does not. */
export type Severity = 'error' | 'warning';

/** One finding about a policy or test file: where, how bad, what, and what to change. */
export interface Diagnostic {
  readonly severity: Severity;
  /** A snake_case code, such as `unknown_key` or `invalid_grant`. */
  readonly code: string;
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
  readonly message: string;
  /** What to change. */
  readonly fix: string;
}

/** A place in a file. */
export interface Place {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** Builds a diagnostic at a place. */
export function diagnose(
  place: Place,
  severity: Severity,
  code: string,
  message: string,
  fix: string,
): Diagnostic {
  return { severity, code, file: place.file, line: place.line, column: place.column, message, fix };
}

/**
 * Writes diagnostics one per line, as editors and terminals link them.
 *
 * // policy.yaml:12:9: error: grants.coder.folders[0] "workspace": a folder root must be an absolute POSIX path … (write it as an absolute path)
 */
export function formatDiagnostics(diagnostics: readonly Diagnostic[]): string {
  return diagnostics
    .map((d) => `${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message} (${d.fix})`)
    .join('\n');
}

/** By file (first seen first), then line, then column; the order found breaks ties. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const files = [...new Set(diagnostics.map((d) => d.file))];
  return [...diagnostics].sort(
    (a, b) =>
      files.indexOf(a.file) - files.indexOf(b.file) || a.line - b.line || a.column - b.column,
  );
}
