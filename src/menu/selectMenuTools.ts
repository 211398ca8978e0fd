import { splitToolEntry } from '../grant/splitToolEntry.js';
import { toolDigest } from '../registry/toolDigest.js';
import { isNameVisible } from '../scope/visible/isNameVisible.js';
import type { MenuOptions, MenuTool } from './types.js';

/**
 * Which tools does the menu list, in which order? Exactly the granted refs
 * whose name the step (when given) declares and `visible` (when given)
 * shows, in grant order. A ref the registry cannot resolve stays in, with
 * no entry (the menu degrades it), and so does a pinned ref whose
 * registered definition has another digest; a tool the registry lists as
 * never grantable is left out, since no run may ever fire it (SPEC §5).
 * A ref in the grant's `ask` is marked.
 *
 * // grant [b@1, a@1, c@1], step tools [a, b], visible [b, c] => [b@1]
 */
export function selectMenuTools(options: MenuOptions): readonly MenuTool[] {
  const { registry, grant, step, visible } = options;
  const tools: MenuTool[] = [];
  for (const written of grant.tools) {
    const { ref, digest } = splitToolEntry(written);
    // INVARIANT: grant refs were checked by createGrant, so they hold an "@" and a version.
    const at = ref.lastIndexOf('@');
    const name = ref.slice(0, at);
    if (step !== undefined && !step.tools.includes(name)) continue;
    if (!isNameVisible(name, visible)) continue;
    const resolved = registry.resolve(ref);
    if (resolved !== undefined && !resolved.grantable) continue;
    // A pinned tool whose definition changed is not the granted one: none of its text is shown.
    const entry =
      digest !== undefined && resolved !== undefined && toolDigest(resolved) !== digest
        ? undefined
        : resolved;
    const ask = grant.ask?.includes(ref) === true;
    tools.push(
      Object.freeze({
        ref,
        name,
        version: Number(ref.slice(at + 1)),
        entry,
        ...(ask ? { ask: true as const } : {}),
      }),
    );
  }
  return Object.freeze(tools);
}
