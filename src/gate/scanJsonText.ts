/** What a scan of valid JSON text found. */
export interface JsonTextScan {
  /** The deepest nesting of objects and arrays. */
  readonly depth: number;
  /** The first key repeated within one object, if any. */
  readonly duplicateKey: string | undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

/**
 * Scans JSON text that `JSON.parse` already accepted, for the two things
 * `JSON.parse` hides: how deep it nests, and whether an object repeats a key.
 *
 * A repeated key is a parser differential: `JSON.parse` keeps the last value,
 * other parsers keep the first, so the gate could check one value while the
 * tool uses another. No library reports it, hence this small scanner.
 *
 * // {"a":1,"b":[{}]}           => depth 3, no duplicate
 * // {"path":"/ok","path":"/x"} => duplicate "path"
 * // {"a":1,"\u0061":2}         => duplicate "a" (keys compare decoded)
 */
export function scanJsonText(text: string): JsonTextScan {
  // One entry per open container: the keys seen so far, or null for arrays.
  const stack: (Set<string> | null)[] = [];
  let depth = 0;
  let expectKey = false;
  const length = text.length;
  for (let index = 0; index < length; index++) {
    const char = text.charCodeAt(index);
    if (char === QUOTE) {
      let end = index + 1;
      let escaped = false;
      while (text.charCodeAt(end) !== QUOTE) {
        if (text.charCodeAt(end) === BACKSLASH) {
          escaped = true;
          end++;
        }
        end++;
      }
      const keys = stack[stack.length - 1];
      if (expectKey && keys) {
        const key = escaped ? (JSON.parse(text.slice(index, end + 1)) as string) : text.slice(index + 1, end);
        if (keys.has(key)) return { depth, duplicateKey: key };
        keys.add(key);
        expectKey = false;
      }
      index = end;
    } else if (char === OPEN_OBJECT || char === OPEN_ARRAY) {
      stack.push(char === OPEN_OBJECT ? new Set() : null);
      if (stack.length > depth) depth = stack.length;
      expectKey = char === OPEN_OBJECT;
    } else if (char === CLOSE_OBJECT || char === CLOSE_ARRAY) {
      stack.pop();
      expectKey = false;
    } else if (char === COMMA) {
      expectKey = stack[stack.length - 1] != null;
    }
  }
  return { depth, duplicateKey: undefined };
}
