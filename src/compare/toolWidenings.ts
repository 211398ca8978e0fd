import type { CompiledGrant } from '../grant/compiledGrant.js';
import { splitToolEntry } from '../grant/splitToolEntry.js';
import type { Grant } from '../grant/types.js';
import type { Widening } from './types.js';

/**
 * Refs `after` grants that `before` does not (or grants only pinned to a
 * definition `after` no longer insists on), and refs that needed an
 * approval in `before` and no longer do. Refs are exact, so this is exact.
 *
 * // before [a@1#sha256:…], after [a@1] => tool widening a@1
 */
export function toolWidenings(
  before: CompiledGrant,
  after: CompiledGrant,
  afterGrant: Grant,
): Widening[] {
  const widenings: Widening[] = [];
  for (const entry of afterGrant.tools) {
    const { ref } = splitToolEntry(entry);
    const pinned = before.pins.get(ref);
    if (!before.tools.has(ref) || (pinned !== undefined && after.pins.get(ref) !== pinned)) {
      widenings.push({ kind: 'tool', entry, witness: ref });
    } else if (before.ask.has(ref) && !after.ask.has(ref)) {
      widenings.push({ kind: 'ask', entry, witness: ref });
    }
  }
  return widenings;
}
