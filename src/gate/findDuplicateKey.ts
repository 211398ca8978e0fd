import { endOfString } from './countJsonKeys.js';

/**
 * Names the first key an object repeats in JSON text `JSON.parse` accepted.
 *
 * A repeated key is a parser differential: `JSON.parse` keeps the last value,
 * other parsers keep the first, so the gate could check one value while the
 * tool uses another. No JSON library reports it, hence this small scanner;
 * the gate runs it only after `countJsonKeys` counted more keys than parsed.
 *
 * // {"path":"/ok","path":"/x"} => path
 * // {"a":1,"\u0061":2}         => a (keys compare decoded)
 * // {"a":1,"b":{"a":2}}        => undefined
 */
export function findDuplicateKey(text: string): string | undefined {
  // One entry per open container: the keys seen so far, or null for a list.
  const stack: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '"') {
      const end = endOfString(text, index);
      const keys = stack.at(-1);
      if (expectKey && keys) {
        const key = JSON.parse(text.slice(index, end + 1)) as string;
        if (keys.has(key)) return key;
        keys.add(key);
        expectKey = false;
      }
      index = end;
    } else if (char === '{' || char === '[') {
      stack.push(char === '{' ? new Set() : null);
      expectKey = char === '{';
    } else if (char === '}' || char === ']') {
      stack.pop();
      expectKey = false;
    } else if (char === ',') {
      expectKey = Boolean(stack.at(-1));
    }
  }
  return undefined;
}
