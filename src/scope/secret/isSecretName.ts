/** A secret name: 1–128 letters, digits, `_`, `.` or `-`. */
const SECRET_NAME = /^[\w.-]{1,128}$/;

/** Is this value a valid secret name? Names are exact and case-sensitive. */
export function isSecretName(value: unknown): value is string {
  // \w would accept non-ASCII letters only with the `u` flag and Unicode
  // property escapes; without them it is exactly [A-Za-z0-9_].
  return typeof value === 'string' && SECRET_NAME.test(value);
}
