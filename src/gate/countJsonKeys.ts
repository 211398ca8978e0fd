const BACKSLASH = 0x5c;
const COLON = 0x3a;

/**
 * Counts the object keys JSON text writes, repeated ones included, in text
 * `JSON.parse` already accepted. When the text writes more keys than the
 * parsed objects hold, some object repeats a key.
 *
 * It jumps from quote to quote (`indexOf` is native and fast); a string
 * followed by ":" is a key, and in valid JSON nothing else is.
 *
 * // {"a":1,"b":[{"c":"d:e"}]}  => 3
 * // {"path":"/ok","path":"/x"} => 2 (the parsed object holds 1)
 */
export function countJsonKeys(text: string): number {
  let keys = 0;
  for (let start = text.indexOf('"'); start !== -1;) {
    const end = endOfString(text, start);
    let next = end + 1;
    while (text.charCodeAt(next) <= 0x20) next++;
    if (text.charCodeAt(next) === COLON) keys++;
    start = text.indexOf('"', end + 1);
  }
  return keys;
}

/** The index of the quote closing the JSON string that opens at `start`. */
export function endOfString(text: string, start: number): number {
  for (let quote = text.indexOf('"', start + 1); ; quote = text.indexOf('"', quote + 1)) {
    // INVARIANT: only called on text JSON.parse accepted, where every string closes;
    // should that ever be false, end the scan rather than loop.
    if (quote === -1) return text.length;
    // "a\"b" => the quote after one backslash is escaped; "a\\" => after two it closes.
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
}
