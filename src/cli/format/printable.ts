/** C0 controls but tab and newline, DEL, C1 controls, and the line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Makes untrusted text (a turn's arguments, a tool name, a policy value)
 * safe for a terminal: control characters become `\uXXXX`, so an escape
 * sequence in a turn cannot rewrite what the user reads.
 *
 * // 'a\u001b[2Jb' => 'a\u001b[2Jb' (printed literally)
 */
export function printable(text: string): string {
  return text.replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
