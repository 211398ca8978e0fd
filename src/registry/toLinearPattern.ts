/** ECMAScript's white space and line terminators (`\s`), written for RE2 inside a class. */
const SPACE =
  '\\t\\n\\x0B\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
/** Every code point but ECMAScript's `\s`, written for RE2 inside a class. */
const NOT_SPACE =
  '\\x00-\\x08\\x0E-\\x1F\\x21-\\x{9F}\\x{A1}-\\x{167F}\\x{1681}-\\x{1FFF}\\x{200B}-\\x{2027}\\x{202A}-\\x{202E}\\x{2030}-\\x{205E}\\x{2060}-\\x{2FFF}\\x{3001}-\\x{FEFE}\\x{FF00}-\\x{10FFFF}';
/** ECMAScript's `.` without the `s` flag: anything but a line terminator. */
const DOT = '[^\\n\\r\\x{2028}\\x{2029}]';

/**
 * Rewrites the three atoms whose meaning differs between ECMAScript (what a
 * JSON Schema `pattern` means) and RE2 (what runs it), so that both accept
 * the same strings: `.` (RE2 lets `\r`, U+2028 and U+2029 through), `\s` and
 * `\S` (RE2 knows only ASCII space, not `\v`, U+00A0, U+FEFF...). Takes a
 * pattern already in RE2 syntax (after `RE2JS.translateRegExp`).
 *
 * // ^.*$      => ^[^\n\r\x{2028}\x{2029}]*$
 * // ^[\s,]+$  => ^[\t\n\x0B...\x{FEFF},]+$
 */
export function toLinearPattern(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char === '\\') {
      const next = pattern[i + 1] ?? '';
      i++;
      if (next === 's') out += inClass ? SPACE : `[${SPACE}]`;
      else if (next === 'S') out += inClass ? NOT_SPACE : `[${NOT_SPACE}]`;
      else out += char + next;
      continue;
    }
    // INVARIANT: a `[` inside a class is a literal in ECMAScript; RE2 reads `[[:name:]]`
    // as a POSIX class, which translateRegExp leaves alone: such a class stays as written.
    if (char === '[' && !inClass) inClass = true;
    else if (char === ']' && inClass) inClass = false;
    else if (char === '.' && !inClass) {
      out += DOT;
      continue;
    }
    out += char;
  }
  return out;
}
