import { canonicalJson } from '../data/canonicalJson.js';
import { clonePlainJson } from '../data/clonePlainJson.js';
import type { AuthorizedCall } from '../gate/types.js';

/** How far a call handed to `run.dispatch` is read: more than any turn the gate accepts by default. */
const LIMITS = { maxDepth: 128, maxSize: 8 * 1024 * 1024 };

/**
 * Which call of the latest turn is this? The very object `propose` returned,
 * or one equal to it as JSON (a call that crossed a process boundary); of
 * equal calls, the first not yet dispatched. `'dispatched'` when it matches
 * only calls already dispatched; `undefined` when it matches none.
 *
 * // (calls[1], calls, [false, false])             => 1
 * // (JSON copy of calls[0], calls, [true, false]) => 'dispatched' (unless calls[1] is equal)
 * // ({ tool: 'other', … }, calls, …)              => undefined
 */
export function findLatestCall(
  call: unknown,
  calls: readonly AuthorizedCall[],
  dispatched: readonly boolean[],
): number | 'dispatched' | undefined {
  const same = calls.indexOf(call as AuthorizedCall);
  if (same >= 0) return dispatched[same] === true ? 'dispatched' : same;
  // Read the caller's value once, as plain data: a getter cannot answer twice.
  const copy = clonePlainJson(call, LIMITS);
  if (!copy.ok) return undefined;
  const text = canonicalJson(copy.value);
  let sawDispatched = false;
  for (let index = 0; index < calls.length; index++) {
    if (canonicalJson(calls[index]) !== text) continue;
    if (dispatched[index] !== true) return index;
    sawDispatched = true;
  }
  return sawDispatched ? 'dispatched' : undefined;
}
