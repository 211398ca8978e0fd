// The low-level Server, which the SDK keeps for advanced uses such as this proxy: McpServer cannot answer tools/list per grant.
import { describeValue } from '../data/describeValue.js';
import { extend } from '../data/extend.js';
import { toRefusal } from '../gate/toRefusal.js';
import { REFUSED_BEFORE_RUN } from '../gate/toolReadings.js';
import type { Refusal } from '../gate/types.js';
import { withDetails } from '../gate/withDetails.js';
import { parseToolRef } from '../registry/parseToolRef.js';
import { proposeAwaited } from '../run/runInternals.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  ToolListChangedNotificationSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { messageOf } from '../data/messageOf.js';
import { proposeAndFire, type CallProposal } from '../fire/proposeAndFire.js';
import type { OutputShaper, ToolHandler } from '../fire/types.js';
import type { AuthorizedCall } from '../gate/types.js';
import { listUpstreamTools } from './listUpstreamTools.js';
import { readGatewayOptions } from './readGatewayOptions.js';
import { isGatewayListed } from './isGatewayListed.js';
import { registerListedTools, type ListingMemory } from './registerListedTools.js';
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
 * server's own results pass through. The server's `tools/list` is read at
 * start and again on its `tools/list_changed` (never per call unless
 * `verifyBeforeCall`); each granted ref is bound to the FULL digest of its
 * definition (`digests`, or the first one seen), so a tool whose definition
 * changed, even under a colliding ref, is unlisted and refused. A failed
 * definition is not tried again until it changes. A call of a tool the list
 * hides (not granted, visible or in the step) is refused before the run or
 * the server sees it.
 *
 * // const gateway = await createMcpGateway({ upstream: client, registry, gate, grant, namespace: 'weather' });
 * // await gateway.server.connect(agentSideTransport);
 */
export async function createMcpGateway(options: McpGatewayOptions): Promise<McpGateway> {
  const { binding } = readGatewayOptions(options);
  const { upstream, registry, timeoutMs, shapeOutput } = options;
  const verify = options.verifyBeforeCall === true;
  const maxAge = options.refreshAfterMs ?? Number.POSITIVE_INFINITY;
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- see the import
  const server = new Server(options.serverInfo ?? { name: 'toolgate-gateway', version: '1.0.0' }, {
    capabilities: { tools: { listChanged: true } },
  });
  const view = { registry, grant: options.grant, visible: options.visible, step: options.step };
  const granted = new Set(options.grant.tools);
  const memory: ListingMemory = {
    owned: new Set<string>(),
    bound: new Map(Object.entries(options.digests ?? {})),
    bindsRef: (ref) => granted.has(ref),
    failures: new Map(),
  };
  const owned = memory.owned as Set<string>;
  const byRef = new Map<string, ImportedMcpTool>();
  const byName = new Map<string, ImportedMcpTool>();
  let current: McpImport = Object.freeze({ tools: [], skipped: [] });
  let queue: Promise<unknown> = Promise.resolve();
  let readAt = Number.NEGATIVE_INFINITY;

  const refreshNow = async (): Promise<McpImport> => {
    const listed = await listUpstreamTools(upstream);
    readAt = Date.now();
    const result = registerListedTools(listed, registry, options, memory);
    for (const ref of result.registered) owned.add(ref);
    const refs = new Set(result.tools.map((tool) => tool.ref));
    // A tool the server no longer lists as it was: its old ref leaves the registry, so the gate refuses it.
    for (const ref of owned) {
      if (refs.has(ref)) continue;
      registry.deregister(ref);
      owned.delete(ref);
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
  // Before a list or call: wait for a refresh under way; read the list only when asked to or stale.
  const settle = (): Promise<unknown> =>
    verify || Date.now() - readAt > maxAge ? refresh() : queue;

  upstream.setNotificationHandler?.(ToolListChangedNotificationSchema, () => {
    refresh().catch(() => undefined);
  });

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    await settle();
    return { tools: selectGatewayTools(view, byRef) };
  });

  server.setRequestHandler(
    CallToolRequestSchema,
    async (request, extra): Promise<CallToolResult> => {
      const { name } = request.params;
      try {
        await settle();
      } catch (error) {
        return errorResult(
          `the server's tool list could not be read, so ${name} was not called: ${messageOf(error)}`,
        );
      }
      const args = request.params.arguments ?? {};
      const tool = byName.get(name);
      if (tool === undefined) {
        // An approved ref whose definition changed is refused as §12 says: not_granted, naming the ref.
        const changed = current.skipped.find((item) => item.name === name);
        if (changed?.ref === undefined) {
          const shown = describeValue(JSON.stringify(name));
          await record(
            withDetails(toRefusal('proposal.granted', { code: 'not_granted', ref: shown }), [
              { pointer: '', message: `no tool named ${shown} is served by this server`, name },
            ]),
            name,
            0,
            args,
          );
          return errorResult(`the tool ${JSON.stringify(name)} is not offered by this server`);
        }
        const ref = changed.ref;
        const facts =
          changed.locked === undefined || changed.live === undefined
            ? []
            : [
                {
                  pointer: '',
                  message: `${ref} changed since it was approved (approved ${changed.locked}, live ${changed.live})`,
                  locked: changed.locked,
                  live: changed.live,
                },
              ];
        const { name: refName, version } = parseToolRef(ref);
        const refusal = withDetails(
          toRefusal('proposal.granted', { code: 'not_granted', ref }, 0, ref),
          facts,
        );
        await record(refusal, refName, version, args);
        return errorResult(refusal.reason);
      }
      const at = tool.ref.lastIndexOf('@');
      const proposal = {
        tool: tool.ref.slice(0, at),
        version: Number(tool.ref.slice(at + 1)),
        arguments: request.params.arguments ?? {},
      };
      // INVARIANT: a call passes every check that decided the list, whoever decides it (a run has its own context).
      if (!isGatewayListed(view, tool.ref)) {
        const refusal = unlistedRefusal(proposal, tool.ref);
        await record(refusal, proposal.tool, proposal.version, args);
        return errorResult(refusal.reason);
      }
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

  /**
   * SPEC §14.4: a call refused before the run could decide it is still a
   * rejected turn of the run (when the gateway has one), with that refusal.
   */
  async function record(
    refusal: Refusal,
    tool: string,
    version: number,
    args: unknown,
  ): Promise<void> {
    if (!('run' in binding)) return;
    // Awaited, so the refusal is durable before it is answered, with a sync or an async sink.
    await proposeAwaited(
      binding.run,
      { calls: [{ tool, version, arguments: args }] },
      { [REFUSED_BEFORE_RUN]: refusal },
    );
  }

  /** Why a call to a tool the list hides is refused: the gate's own refusal under the list's context. */
  function unlistedRefusal(proposal: CallProposal, ref: string): Refusal {
    const context = {
      grant: options.grant,
      ...(options.visible === undefined ? {} : { visible: options.visible }),
      ...(options.step === undefined ? {} : { step: options.step }),
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    };
    const decision = options.gate.authorize({ calls: [proposal] }, context);
    return decision.settled === 'rejected'
      ? decision.refusal
      : toRefusal('proposal.granted', { code: 'not_granted', ref }, 0, ref);
  }

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
      item.type === 'text' ? extend(item, { text: await shapeOutput(item.text, call) }) : item,
    ),
  );
  return extend(result, { content });
}
