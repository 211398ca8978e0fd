import type { Step } from '../gate/types.js';
import type { Grant } from '../grant/types.js';
import type { Registry } from '../registry/types.js';
import { isNameVisible } from '../scope/visible/isNameVisible.js';
import type { ImportedMcpTool, McpListedTool } from './types.js';
import { splitToolEntry } from '../grant/splitToolEntry.js';
import { toolDigest } from '../registry/toolDigest.js';

/** What the gateway's `tools/list` is made from. */
export interface GatewayView {
  readonly registry: Registry;
  readonly grant: Grant;
  readonly visible: ReadonlySet<string> | readonly string[] | undefined;
  readonly step: Step | undefined;
}

/**
 * The tools the gateway lists: the server's current tools whose ref is
 * granted, whose name is visible and in the step, and which the registry
 * holds as grantable, in grant order, each as the server listed it (so the
 * agent's client sees the server's own names, schemas and annotations).
 * Reads only public fields and methods, so it works with a registry and
 * grant from any build of toolgate.
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
    if (tool === undefined) continue;
    const name = ref.slice(0, ref.lastIndexOf('@'));
    if (view.step !== undefined && !view.step.tools.includes(name)) continue;
    if (!isNameVisible(name, view.visible)) continue;
    const entry = view.registry.resolve(ref);
    if (entry?.grantable !== true) continue;
    // A pinned tool whose definition changed is refused at both stages, so it is not listed.
    if (digest !== undefined && toolDigest(entry) !== digest) continue;
    tools.push(tool.tool);
  }
  return tools;
}
