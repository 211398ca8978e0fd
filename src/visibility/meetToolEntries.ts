import type { CompiledGrant } from '../grant/compiledGrant.js';
import { splitToolEntry } from '../grant/splitToolEntry.js';
import type { Grant } from '../grant/types.js';

/**
 * The tools and approvals both grants allow (rev 2): each ref in both, in
 * the child's order, keeping a pin either side has (and dropping the ref
 * when they pin two digests: no definition satisfies both); a ref needs an
 * approval when either side asks for one.
 *
 * // parent [a@1#sha256:X, b@1] ask [b@1], child [a@1, b@1] => tools [a@1#sha256:X, b@1], ask [b@1]
 */
export function meetToolEntries(
  parentCompiled: CompiledGrant,
  childCompiled: CompiledGrant,
  child: Grant,
): { readonly tools: string[]; readonly ask: string[] } {
  const tools: string[] = [];
  const ask: string[] = [];
  for (const written of child.tools) {
    const { ref, digest } = splitToolEntry(written);
    if (!parentCompiled.tools.has(ref)) continue;
    const parentDigest = parentCompiled.pins.get(ref);
    if (digest !== undefined && parentDigest !== undefined && digest !== parentDigest) continue;
    const pin = digest ?? parentDigest;
    tools.push(pin === undefined ? ref : `${ref}#${pin}`);
    if (childCompiled.ask.has(ref) || parentCompiled.ask.has(ref)) ask.push(ref);
  }
  return { tools, ask };
}
