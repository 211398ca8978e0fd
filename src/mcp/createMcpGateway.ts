// The low-level Server, which the SDK keeps for advanced uses such as this proxy: McpServer cannot answer tools/list per grant.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { messageOf } from '../data/messageOf.js';
import { proposeAndFire } from '../fire/proposeAndFire.js';
import type { OutputShaper, ToolHandler } from '../fire/types.js';
import type { AuthorizedCall } from '../gate/types.js';
import { listUpstreamTools } from './listUpstreamTools.js';
import { readGatewayOptions } from './readGatewayOptions.js';
import { registerListedTools } from './registerListedTools.js';
import { selectGatewayTools } from './selectGatewayTools.js';
import type { ImportedMcpTool, McpGatewayOptions, McpImport } from './types.js';

/** A gate between an MCP client and a server. */
export interface McpGateway {
  /** The MCP server the agent's client connects to (`await gateway.server.connect(transport)`). */
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- see the import
  readonly server: Server;
  /** Reads the server's `tools/list` again: registers new tools, deregisters the gateway's stale ones. */
  readonly refresh: () => Promise<McpImport>;
  /** The server's tools as last read: in the registry, with their refs, and those skipped. */
  readonly current: () => McpImport;
}

/** Ignores output: the gateway shapes MCP content itself, item by item. */
const NO_TEXT: OutputShaper = () => '';

/**
 * Puts the gate between an MCP client and server. It imports the server's
 * tools (`importMcpTools`), then serves MCP itself: `tools/list` answers
 * only the server's tools that are granted, visible and in the step;
 * `tools/call` runs both stages (as a turn of one call, of `run` when
 * given) and only then calls the server, under the caller's cancellation
 * and `timeoutMs`. A refusal, or a failure before the server answered, is
 * an MCP tool error (`isError: true`) whose text is the reason; the
 * server's own results pass through. By default the server's `tools/list`
 * is read again before each call, so a tool whose definition changed gets
 * a new ref, which no grant names: it is refused as `not_granted`.
 *
 * // const gateway = await createMcpGateway({ upstream: client, registry, gate, grant, namespace: 'weather' });
 * // await gateway.server.connect(agentSideTransport);
 */
export async function createMcpGateway(options: McpGatewayOptions): Promise<McpGateway> {
  const { binding } = readGatewayOptions(options);
  const { upstream, registry, timeoutMs, shapeOutput } = options;
  const verify = options.verifyBeforeCall !== false;
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- see the import
  const server = new Server(options.serverInfo ?? { name: 'toolgate-gateway', version: '1.0.0' }, {
    capabilities: { tools: { listChanged: true } },
  });
  const byRef = new Map<string, ImportedMcpTool>();
  const byName = new Map<string, ImportedMcpTool>();
  const ours = new Set<string>();
  let current: McpImport = Object.freeze({ tools: [], skipped: [] });
  let queue: Promise<unknown> = Promise.resolve();

  const refreshNow = async (): Promise<McpImport> => {
    const result = registerListedTools(await listUpstreamTools(upstream), registry, options, ours);
    for (const ref of result.registered) ours.add(ref);
    const refs = new Set(result.tools.map((tool) => tool.ref));
    // A tool the server no longer lists as it was: its old ref leaves the registry, so the gate refuses it.
    for (const ref of ours) {
      if (refs.has(ref)) continue;
      registry.deregister(ref);
      ours.delete(ref);
    }
    const changed = refs.size !== byRef.size || [...refs].some((ref) => !byRef.has(ref));
    byRef.clear();
    byName.clear();
    for (const tool of result.tools) {
      byRef.set(tool.ref, tool);
      byName.set(tool.name, tool);
    }
    current = Object.freeze({ tools: result.tools, skipped: result.skipped });
    if (changed && server.transport !== undefined)
      server.sendToolListChanged().catch(() => undefined);
    return current;
  };
  // One refresh at a time: each registers and deregisters against what the one before left.
  const refresh = (): Promise<McpImport> => {
    const next = queue.then(refreshNow, refreshNow);
    queue = next.catch(() => undefined);
    return next;
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    if (verify) await refresh();
    const view = { registry, grant: options.grant, visible: options.visible, step: options.step };
    return { tools: selectGatewayTools(view, byRef) };
  });

  server.setRequestHandler(
    CallToolRequestSchema,
    async (request, extra): Promise<CallToolResult> => {
      const { name } = request.params;
      if (verify) {
        try {
          await refresh();
        } catch (error) {
          return errorResult(
            `the server's tool list could not be read, so ${name} was not called: ${messageOf(error)}`,
          );
        }
      }
      const tool = byName.get(name);
      if (tool === undefined)
        return errorResult(`the tool ${JSON.stringify(name)} is not offered by this server`);
      const at = tool.ref.lastIndexOf('@');
      const proposal = {
        tool: tool.ref.slice(0, at),
        version: Number(tool.ref.slice(at + 1)),
        arguments: request.params.arguments ?? {},
      };
      const handler: ToolHandler = async (call, { signal }) => {
        // The server gets the arguments exactly as the gate checked them.
        const args = call.arguments as Record<string, unknown>;
        const result = await upstream.callTool({ name: tool.name, arguments: args }, undefined, {
          signal,
          ...(timeoutMs === undefined ? {} : { timeout: timeoutMs }),
        });
        return shapeOutput === undefined
          ? result
          : shapeContent(result as CallToolResult, call, shapeOutput);
      };
      const fireOptions = {
        signal: extra.signal,
        shapeOutput: NO_TEXT,
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
      };
      const outcome = await proposeAndFire(proposal, handler, fireOptions, binding);
      return outcome.status === 'ok'
        ? (outcome.output as CallToolResult)
        : errorResult(outcome.text);
    },
  );

  await refresh();
  return Object.freeze({ server, refresh, current: () => current });
}

/** An MCP tool error the model reads: one text item, `isError: true`. */
function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** Shapes each text item of a result (the Kortix rule); other items pass through. */
async function shapeContent(
  result: CallToolResult,
  call: AuthorizedCall,
  shapeOutput: OutputShaper,
): Promise<CallToolResult> {
  if (!Array.isArray(result.content)) return result;
  const content = await Promise.all(
    result.content.map(async (item) =>
      item.type === 'text' ? { ...item, text: await shapeOutput(item.text, call) } : item,
    ),
  );
  return { ...result, content };
}
