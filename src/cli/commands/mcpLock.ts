import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { lockBeside } from '../policy/besidePolicy.js';
import type { PolicyServer } from '../policy/buildServers.js';
import { messageOf } from '../../data/messageOf.js';
import { toProviderToolName } from '../../providers/toProviderToolName.js';
import { nameListedTools } from '../../mcp/nameListedTools.js';
import { splitToolEntry } from '../../grant/splitToolEntry.js';
import { expandToolPatterns } from '../policy/expandToolPatterns.js';
import { findUnboundArguments } from '../../proxy/findUnboundArguments.js';
import { formatLock } from '../../proxy/formatLock.js';
import { START_TIMEOUT_MS } from '../../proxy/createUpstream.js';
import { listServerTools } from '../../proxy/listServerTools.js';
import { EXIT } from '../exitCodes.js';
import { printable } from '../format/printable.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parseCommandArgs.js';
import { loadPolicyOrReport } from './loadPolicyOrReport.js';
import { usageError } from './usageError.js';

const OPTIONS = { policy: { type: 'string' }, lock: { type: 'string' } } as const;

/**
 * `toolgate mcp lock --policy FILE [--lock FILE]`: starts each server of the
 * policy, lists its tools and writes `toolgate.lock` (beside the policy by
 * default) with the full digest of every tool as listed. Warns about granted
 * tools with unbound path- or URL-looking arguments (the lock is still
 * written). Exit 0 written, 2 bad input, a server that cannot be listed, or
 * two refs with one MCP name.
 */
export async function mcpLock(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommandArgs(() =>
    parseArgs({ args: [...args], options: OPTIONS, allowPositionals: false, strict: true }),
  );
  if (!parsed.ok) return usageError(io, 'mcp lock', parsed.problem, false);
  const { values } = parsed.value;
  if (values.policy === undefined)
    return usageError(io, 'mcp lock', 'name the policy: toolgate mcp lock --policy FILE', false);
  // The lock is about to be written: the grants' patterns are expanded over this listing below.
  const policy = loadPolicyOrReport(io, 'mcp lock', values.policy, false, { lockPending: true });
  if (typeof policy === 'number') return policy;
  const timeoutMs = Math.max(policy.proxy?.callTimeoutMs ?? 0, START_TIMEOUT_MS);
  const granted = new Set([...policy.grants.values()].flatMap((grant) => grant.tools));
  const tools = new Map<string, Tool>();
  const byMcpName = new Map<string, string>();
  const listedBy = new Map<string, PolicyServer>();
  const warnings: string[] = [];
  for (const server of (policy.servers ?? new Map<string, PolicyServer>()).values()) {
    let listed: Tool[];
    try {
      listed = await listServerTools(server, timeoutMs);
    } catch (error) {
      // The error may carry what the server said: escaped, never raw to a terminal.
      io.stderr(
        `toolgate mcp lock: the server ${server.name} could not be listed: ${printable(messageOf(error))}\n`,
      );
      return EXIT.badInput;
    }
    const names = nameListedTools(
      listed.map((tool) => tool.name),
      server.name,
    );
    for (const tool of listed) {
      const named = names.get(tool.name);
      if (named?.ok !== true) {
        warnings.push(
          `${server.name}/${tool.name} is never served: ${named?.problem ?? 'it has no toolgate name'}`,
        );
        continue;
      }
      const ref = `${named.name}@1`;
      const mcpName = toProviderToolName(ref);
      const taken = byMcpName.get(mcpName);
      if (taken !== undefined) {
        io.stderr(
          `toolgate mcp lock: ${taken} and ${ref} both map to the MCP name "${mcpName}"; rename a server\n`,
        );
        return EXIT.badInput;
      }
      byMcpName.set(mcpName, ref);
      tools.set(ref, tool);
      listedBy.set(ref, server);
    }
  }
  // Granted: each exact ref, and what each pattern (fs/read_*@1) matches in this listing.
  const serverNames = [...(policy.servers ?? new Map<string, PolicyServer>()).keys()];
  for (const spec of policy.grantSpecs.values()) {
    const written = (spec as { readonly tools?: unknown }).tools;
    if (!Array.isArray(written)) continue;
    const expanded = expandToolPatterns(written, serverNames, new Set(tools.keys()), true);
    for (const entry of expanded.tools)
      if (typeof entry === 'string') granted.add(splitToolEntry(entry).ref);
  }
  for (const [ref, tool] of tools) {
    const server = listedBy.get(ref);
    if (server !== undefined && granted.has(ref))
      warnings.push(...findUnboundArguments(server, tool, ref));
  }
  const file = values.lock ?? lockBeside(values.policy);
  try {
    writeFileSync(file, formatLock(tools));
  } catch (error) {
    io.stderr(`toolgate mcp lock: cannot write ${file}: ${messageOf(error)}\n`);
    return EXIT.badInput;
  }
  // Warnings name what the servers listed: escaped, never raw to a terminal.
  for (const warning of warnings) io.stderr(`toolgate mcp lock: warning: ${printable(warning)}\n`);
  io.stdout(`${file}: ${String(tools.size)} tools locked\n`);
  return EXIT.ok;
}
