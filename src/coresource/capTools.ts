import { readVisibilityEntry } from '../visibility/visibilityEntry.js';
import type { CoresourceTool } from './types.js';

/**
 * Caps the catalog at `maxTools`, keeping the first tools in catalog order
 * and cutting the rest, so the same configuration always cuts the same
 * tools. A `<prefix>/*` whose tools are not known cannot be counted, so
 * under a cap it is cut too (it could expose any number of tools).
 *
 * // ([a, b, github/*, c], 2) => kept [a, b], cut [github/*, c]
 */
export function capTools(
  catalog: readonly CoresourceTool[],
  maxTools: number | undefined,
): { readonly kept: readonly CoresourceTool[]; readonly cut: readonly string[] } {
  if (maxTools === undefined) return { kept: catalog, cut: [] };
  const kept: CoresourceTool[] = [];
  const cut: string[] = [];
  for (const tool of catalog) {
    const countable = readVisibilityEntry(tool.name).kind === 'name';
    if (countable && kept.length < maxTools) kept.push(tool);
    else cut.push(tool.name);
  }
  return { kept, cut };
}
