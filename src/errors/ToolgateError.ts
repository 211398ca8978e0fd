/** The codes a `ToolgateError` carries: programming errors, never refusals. */
export type ToolgateErrorCode =
  'invalid_ref' | 'invalid_tool' | 'duplicate_tool' | 'invalid_grant' | 'invalid_option';

/**
 * Thrown for programming errors only: an invalid definition, grant, ref or
 * option. Deciding a turn or a call never throws; it returns a refusal.
 *
 * `problems` lists every problem found, so a caller fixes them all at once.
 */
export class ToolgateError extends Error {
  override readonly name = 'ToolgateError';
  readonly code: ToolgateErrorCode;
  readonly problems: readonly string[];

  constructor(code: ToolgateErrorCode, message: string, problems: readonly string[] = [message]) {
    super(message);
    this.code = code;
    this.problems = Object.freeze([...problems]);
  }
}

/** Throws one `ToolgateError` listing every problem, or returns when there are none. */
export function throwIfProblems(
  code: ToolgateErrorCode,
  what: string,
  problems: readonly string[],
): void {
  if (problems.length === 0) return;
  const list = problems.map((problem) => `  - ${problem}`).join('\n');
  const noun = problems.length === 1 ? 'problem' : 'problems';
  throw new ToolgateError(code, `${what} has ${problems.length} ${noun}:\n${list}`, problems);
}
