/** Whitespace runs, C0 and C1 controls, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what we remove
const BREAKS = /[\s\u0000-\u001f\u007f-\u009f]+/g;

/**
 * Turns untrusted registry text (a description) into one line of the menu:
 * every run of whitespace or control characters becomes one space. A
 * description can then never start a line of its own, so it cannot forge a
 * `name:` line or a whole entry.
 *
 * // 'Search\n\nmessages.\tFast.'   => Search messages. Fast.
 * // 'x\nname: evil\nversion: 1'    => x name: evil version: 1
 */
export function toMenuLine(text: string): string {
  return text.replace(BREAKS, ' ').trim();
}
