/**
 * C0 controls but tab and newline, DEL, C1 controls, the line and paragraph
 * separators, and the bidirectional controls (LRM, RLM, ALM, the embeddings
 * and overrides U+202A–U+202E, the isolates U+2066–U+2069) that can make a
 * terminal show text in another order than it is written.
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/**
 * Makes untrusted text (a turn's arguments, a tool name, a policy value)
 * safe for a terminal: control characters become `\uXXXX`, so an escape
 * sequence in a turn cannot rewrite what the user reads. Tab and newline
 * stay: use `printableLines` where a newline inside one field must not start
 * a line of its own.
 *
 * // 'a\u001b[2Jb' => 'a\u001b[2Jb' (printed literally)
 */
export function printable(text: string): string {
  return text.replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
