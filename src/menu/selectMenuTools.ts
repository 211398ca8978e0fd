import { isNameVisible } from '../scope/visible/isNameVisible.js';
import type { MenuOptions, MenuTool } from './types.js';

/**
 * Which tools does the menu list, in which order? Exactly the granted refs
 * whose name the step (when given) declares and `visible` (when given)
 * shows, in grant order. A ref the registry cannot resolve stays in, with
 * no entry (the menu degrades it); a tool the registry lists as never
 * grantable is left out, since no run may ever fire it (SPEC §5).
 *
 * // grant [b@1, a@1, c@1], step tools [a, b], visible [b, c] => [b@1]
 */
export function selectMenuTools(options: MenuOptions): readonly MenuTool[] {
  const { registry, grant, step, visible } = options;
  const tools: MenuTool[] = [];
  for (const ref of grant.tools) {
    // INVARIANT: grant refs were checked by createGrant, so they hold an "@" and a version.
    const at = ref.lastIndexOf('@');
    const name = ref.slice(0, at);
    if (step !== undefined && !step.tools.includes(name)) continue;
    if (!isNameVisible(name, visible)) continue;
    const entry = registry.resolve(ref);
    if (entry !== undefined && !entry.grantable) continue;
    tools.push(Object.freeze({ ref, name, version: Number(ref.slice(at + 1)), entry }));
  }
  return Object.freeze(tools);
}
