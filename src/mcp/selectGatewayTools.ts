import { isGatewayListed, type GatewayView } from './isGatewayListed.js';
import type { ImportedMcpTool, McpListedTool } from './types.js';
import { splitToolEntry } from '../grant/splitToolEntry.js';
import { toolDigest } from '../registry/toolDigest.js';

export type { GatewayView } from './isGatewayListed.js';

/**
 * The tools the gateway lists: the server's current tools whose ref is
 * granted, whose name is visible and in the step, and which the registry
 * holds as grantable (`isGatewayListed`), in grant order, each as the server
 * listed it (so the agent's client sees the server's own names, schemas and
 * annotations). Reads only public fields and methods, so it works with a
 * registry and grant from any build of toolgate.
 *
 * // grant [w/forecast@7, w/alerts@9], server offers both, visible [w/forecast] => [forecast]
 */
export function selectGatewayTools(
  view: GatewayView,
  offered: ReadonlyMap<string, ImportedMcpTool>,
): McpListedTool[] {
  const tools: McpListedTool[] = [];
  for (const written of view.grant.tools) {
    const { ref, digest } = splitToolEntry(written);
    const tool = offered.get(ref);
    if (tool === undefined || !isGatewayListed(view, ref)) continue;
    // A pinned tool whose definition changed is refused at both stages, so it is not listed.
    if (digest !== undefined) {
      const entry = view.registry.resolve(ref);
      if (entry === undefined || toolDigest(entry) !== digest) continue;
    }
    tools.push(tool.tool);
  }
  return tools;
}
