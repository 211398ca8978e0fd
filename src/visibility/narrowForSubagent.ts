import { intersectGrants } from './intersectGrants.js';
import { intersectVisibility } from './intersectVisibility.js';
import type { AgentView, NarrowedView } from './types.js';

/**
 * What may a subagent see and do, given its parent's view and its own? Both
 * are intersected: the grant with `intersectGrants` (exact, made by
 * `createGrant`), the visibility with `intersectVisibility` (exact,
 * canonical). A subagent therefore never sees or fires more than its parent.
 *
 * Dialects that give a subagent its own list regardless of the parent (Kortix
 * on OpenCode) resolve that list themselves; authority still narrows here.
 *
 * // narrowForSubagent({ grant: parentGrant, visible: ['read', 'task'] }, { grant: childGrant, visible: ['read', 'bash'] })
 * //   => { grant: parentGrant ∩ childGrant, visible: ['read'] }
 */
export function narrowForSubagent(parent: AgentView, child: AgentView): NarrowedView {
  return Object.freeze({
    grant: intersectGrants(parent.grant, child.grant),
    visible: intersectVisibility(parent.visible, child.visible),
  });
}
