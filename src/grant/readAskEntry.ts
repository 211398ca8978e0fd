import { describeValue } from '../data/describeValue.js';
import { findRefProblem } from '../registry/parseToolRef.js';

/**
 * Reads one `ask` entry of a grant spec (SPEC §5 rev 2): an exact ref whose
 * calls need a person's approval. A pin belongs in `tools`, not here.
 *
 * // fs-write@1           => 'fs-write@1'
 * // fs-write@1#sha256:…  => { problem: 'ask[0] …: ask lists refs without a pin; pin the definition in tools' }
 */
export function readAskEntry(item: unknown, where: string): string | { readonly problem: string } {
  const problem = findRefProblem(item);
  if (problem === undefined) return item as string;
  const pinned = typeof item === 'string' && item.includes('#');
  return {
    problem: `${where} ${describeValue(item)}: ${pinned ? 'ask lists refs without a pin; pin the definition in tools' : problem}`,
  };
}
