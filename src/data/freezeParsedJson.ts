/**
 * Freezes what `JSON.parse` just returned, in place, and counts the keys of
 * all its objects; or returns -1, freezing nothing more, when it nests deeper
 * than `maxDepth`. Parsed JSON is a fresh tree (no cycles, no sharing, nothing
 * frozen yet), so no visited set is needed; use `deepFreeze` for anything else.
 *
 * // ('{"a":[{"b":1}],"c":2}', 3) => frozen throughout; 3 keys
 * // ('[[[]]]', 2)                => -1
 */
export function freezeParsedJson(value: unknown, maxDepth: number): number {
  if (typeof value !== 'object' || value === null) return 0;
  if (maxDepth < 1) return -1;
  let keys = 0;
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) {
      const inner = freezeParsedJson(item, maxDepth - 1);
      if (inner < 0) return -1;
      keys += inner;
    }
  } else {
    const names = Object.keys(value);
    keys += names.length;
    for (const name of names) {
      const inner = freezeParsedJson((value as Record<string, unknown>)[name], maxDepth - 1);
      if (inner < 0) return -1;
      keys += inner;
    }
  }
  Object.freeze(value);
  return keys;
}
