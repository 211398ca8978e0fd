import { fail, ok, type ScopeResult } from '../result.js';

/**
 * Is this untrusted value usable as path text: a non-empty string with no NUL and no `\`?
 *
 * `subject` names the value in the problem sentence (`a path`, `a folder
 * root`, `the context's cwd`). The text is returned as written: no decoding,
 * no expansion, no folding.
 */
export function validatePathText(value: unknown, subject: string): ScopeResult<string> {
  if (typeof value !== 'string') {
    return fail(`${subject} must be a string, not ${describeType(value)}; pass the path as text`);
  }
  if (value === '') {
    return fail(
      `${subject} must not be empty; pass an absolute path such as "/srv/project/file.txt"`,
    );
  }
  // "/srv/a\0.txt" => refused: the OS would silently cut the path at the NUL
  if (value.includes('\0')) {
    return fail(
      `${subject} must not contain a NUL character (the OS would cut the path short); remove it`,
    );
  }
  // "..\\etc" => refused: some systems read "\" as a separator, others as a name byte
  if (value.includes('\\')) {
    return fail(`${subject} must not contain a backslash (an ambiguous separator); use "/"`);
  }
  return ok(value);
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
