import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { PolicyServer } from '../cli/policy/buildServers.js';
import { findResourceArguments } from './findResourceArguments.js';

/**
 * The warnings for a granted server tool whose path- or URL-looking string
 * arguments (`findResourceArguments`) have no `resources` binding at their
 * pointer: the gate cannot check what it does not know is a path.
 *
 * // (fs server without bindings, read_text_file { path }, 'fs/read_text_file@1') => ['fs/read_text_file@1: the argument /path looks like a path but has no binding; …']
 */
export function findUnboundArguments(server: PolicyServer, tool: Tool, ref: string): string[] {
  const bound = new Set((server.tools[tool.name]?.resources ?? []).map((resource) => resource.at));
  return findResourceArguments(tool.inputSchema)
    .filter((argument) => !bound.has(argument.at))
    .map(
      (argument) =>
        `${ref}: the argument ${argument.at} looks like a ${argument.kind} but has no binding; add { kind: ${argument.kind}, at: ${argument.at} } under servers.${server.name}.tools.${tool.name}.resources`,
    );
}
