/**
 * Freezes a plain-data value and everything it holds, in place, and returns it.
 * Cycles are safe: each object is visited once. An object that is already
 * frozen is still walked, since freezing is shallow and what it holds may not be.
 */
export function deepFreeze<T>(value: T): T {
  freezeAll(value, new WeakSet());
  return value;
}

function freezeAll(value: unknown, seen: WeakSet<object>): void {
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  Object.freeze(value);
  for (const key of Object.keys(value)) {
    freezeAll((value as Record<string, unknown>)[key], seen);
  }
}
