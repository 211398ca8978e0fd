import type { CoresourceTool } from './types.js';

/**
 * Replaces each `<prefix>/*` whose server's tools are known by those tools,
 * in place and in the server's order, so they can be counted one by one.
 *
 * // [github/*, x] with { github: [search, issues] } => [github/search, github/issues, x]
 */
export function expandServerTools(
  entries: readonly CoresourceTool[],
  serverTools: ReadonlyMap<string, readonly string[]>,
): CoresourceTool[] {
  return entries.flatMap((entry) => {
    const tools = entry.name.endsWith('/*') ? serverTools.get(entry.name.slice(0, -2)) : undefined;
    if (tools === undefined) return [entry];
    return tools.map((tool) => ({ ...entry, name: `${entry.name.slice(0, -1)}${tool}` }));
  });
}
