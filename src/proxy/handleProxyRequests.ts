import { randomUUID } from 'node:crypto';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type RequestId,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { extend } from '../data/extend.js';
import { proposeAndFire } from '../fire/proposeAndFire.js';
import { describeValue } from '../data/describeValue.js';
import { toRefusal } from '../gate/toRefusal.js';
import { REFUSED_BEFORE_RUN, SESSION } from '../gate/toolReadings.js';
import type { Refusal } from '../gate/types.js';
import { APPROVAL_ID } from '../gate/usedApprovals.js';
import { parseToolRef } from '../registry/parseToolRef.js';
import type { OutputShaper, ToolHandler } from '../fire/types.js';
import { askApproval, elicitApproval } from './askApproval.js';
import { askLocally } from './askLocally.js';
import type { ApprovalQueue } from '../approvals/types.js';
import { approveCall } from '../gate/approveCall.js';
import { stringValuesAt } from '../gate/collectResourceValues.js';
import { formatApprovalMessage } from './formatApprovalMessage.js';
import { refusalText } from './refusalText.js';
import { withDetails } from '../gate/withDetails.js';
import { isGatewayListed } from '../mcp/isGatewayListed.js';
import type { ProviderNames } from '../providers/buildProviderNames.js';
import { toProviderToolName } from '../providers/toProviderToolName.js';
import { proposeAwaited } from '../run/runInternals.js';
import type { DispatchOptions, Run } from '../run/types.js';
import type { Upstream } from './createUpstream.js';
import type { ChangedTool, ProxyOptions, ServedTool } from './types.js';

/** What one session's handlers read: the proxy's state, and the session's own run. */
export interface SessionState extends ProxyOptions {
  /** The process's one run, shared by every session (SPEC §14.4). */
  readonly run: Run;
  /** This session's id, on each turn record it makes. */
  readonly session: string;
  readonly names: ProviderNames;
  readonly served: () => ReadonlyMap<string, ServedTool>;
  readonly refused: () => ReadonlyMap<string, ChangedTool | undefined>;
  readonly upstream: (server: string) => Upstream | undefined;
  /** Resolves once the proxy's first start of its servers has ended (at once if none began). */
  readonly started: () => Promise<void>;
}

/** Ignores output: MCP content passes through as the server sent it. */
const NO_TEXT: OutputShaper = () => '';

/**
 * Answers one session's `tools/list` and `tools/call`. The list holds each
 * granted ref that is served, visible to the agent and grantable, under
 * its provider-safe MCP name, with the upstream's (locked) title,
 * description, schemas and annotations. A call is refused (`isError: true`,
 * the §7 reason as its text) unless the tool is listed now, its server is
 * up, and the session's run allows it through every check; only then does
 * the upstream see it, under the per-call deadline.
 *
 * // tools/list => [{ name: 'fs__read_text_file_v1', title, description, inputSchema, … }]
 */
// eslint-disable-next-line @typescript-eslint/no-deprecated -- the low-level Server, as createProxy says
export function handleProxyRequests(server: Server, state: SessionState): void {
  const view = () => ({
    registry: state.registry,
    grant: state.grant,
    visible: state.visible,
    step: undefined,
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    // A session opened while the servers start lists them once they have started (or failed).
    await state.started();
    const tools: Tool[] = [];
    const served = state.served();
    for (const ref of state.grant.tools) {
      const tool = served.get(ref);
      const name = state.names.byRef.get(ref);
      if (tool === undefined || name === undefined) continue;
      if (state.audit !== true && !isGatewayListed(view(), ref)) continue;
      tools.push(extend(tool.definition, { name }));
    }
    // SPEC §14.4: audit mode lists every served (and so locked) tool, granted or not, visible or
    // not, so a trial shows what the agent would call; the run records what would be refused.
    if (state.audit === true) {
      const taken = new Set(tools.map((tool) => tool.name));
      for (const [ref, tool] of served) {
        const name = toProviderToolName(ref);
        if (state.names.byRef.has(ref) || taken.has(name)) continue;
        taken.add(name);
        tools.push(extend(tool.definition, { name }));
      }
    }
    return { tools };
  });

  server.setRequestHandler(
    CallToolRequestSchema,
    async (request, extra): Promise<CallToolResult> => {
      await state.started();
      const { name } = request.params;
      const ref = state.names.byName.get(name);
      const args = request.params.arguments ?? {};
      // SPEC §14.4: whatever answers a call, it is a decision of the run, recorded with its reason.
      const refuse = async (
        refusal: Refusal,
        tool: string,
        version: number,
      ): Promise<CallToolResult> => {
        // Awaited, so the refusal is durable before it is answered, with a sync or an async sink.
        await proposeAwaited(
          state.run,
          { calls: [{ tool, version, arguments: args }] },
          { [REFUSED_BEFORE_RUN]: refusal, [SESSION]: state.session },
        );
        return errorResult(refusalText(refusal));
      };
      if (ref === undefined) {
        // A served tool the grant leaves out is refused as the gate would: not_granted, by its ref.
        const ungranted = [...state.served().keys()].find(
          (key) => toProviderToolName(key) === name,
        );
        // Audit mode lets a served tool the grant leaves out through, recording the would-be refusal.
        if (ungranted !== undefined && state.audit === true) return callServed(ungranted);
        if (ungranted !== undefined) {
          const { name: tool, version } = parseToolRef(ungranted);
          return refuse(
            toRefusal('proposal.granted', { code: 'not_granted', ref: ungranted }, 0, ungranted),
            tool,
            version,
          );
        }
        // A name the proxy does not serve has no ref: `ref` stays out (null in the records).
        const shown = describeValue(JSON.stringify(name));
        return refuse(
          withDetails(toRefusal('proposal.granted', { code: 'not_granted', ref: shown }), [
            { pointer: '', message: `no tool named ${shown} is served by this proxy`, name },
          ]),
          name,
          0,
        );
      }
      return callServed(ref);

      /** A call to a ref the proxy serves, or knew: the checks, the person, the run, the server. */
      async function callServed(ref: string): Promise<CallToolResult> {
        const { name: toolName, version } = parseToolRef(ref);
        const proposal = { tool: toolName, version, arguments: args };
        const serverName = ref.slice(0, ref.indexOf('/'));
        const tool = state.served().get(ref);
        if (tool === undefined) {
          const down = state.upstream(serverName)?.down();
          const changed = state.refused().get(ref);
          if (down !== undefined && !state.refused().has(ref))
            return refuse(
              toRefusal(
                'proxy.server',
                {
                  code: 'check_failed',
                  check: 'proxy.server',
                  details: [
                    {
                      pointer: '',
                      message: `the server ${serverName} is not available, so ${ref} was not called: ${down}`,
                    },
                  ],
                },
                0,
                ref,
              ),
              toolName,
              version,
            );
          return refuse(
            withDetails(
              toRefusal('proposal.granted', { code: 'not_granted', ref }, 0, ref),
              changed === undefined
                ? []
                : [
                    {
                      pointer: '',
                      message: `${ref} changed since the lock (locked ${changed.locked}, live ${changed.live}); review it with toolgate mcp lock`,
                      locked: changed.locked,
                      live: changed.live,
                    },
                  ],
            ),
            toolName,
            version,
          );
        }
        // INVARIANT: a call passes every check that decided the list; the run then decides it again and records it.
        // In audit mode the run records the would-be refusal and lets the call through.
        if (state.audit !== true && !isGatewayListed(view(), ref)) {
          const decision = state.gate.authorize(
            { calls: [proposal] },
            {
              grant: state.grant,
              ...(state.visible === undefined ? {} : { visible: state.visible }),
            },
          );
          return refuse(
            decision.settled === 'rejected'
              ? decision.refusal
              : toRefusal('proposal.granted', { code: 'not_granted', ref }, 0, ref),
            toolName,
            version,
          );
        }
        const handler: ToolHandler = async (call, { signal }) => {
          const upstream = state.upstream(serverName);
          if (upstream === undefined || upstream.down() !== undefined)
            throw new Error(
              `the server ${serverName} is not available: ${upstream?.down() ?? 'unknown server'}`,
            );
          // The server gets the arguments exactly as the gate checked them.
          return upstream.callTool(tool.upstreamName, call.arguments, signal);
        };
        // An `ask` tool: the person approves this exact call first (elicitation), or it is refused.
        const approval =
          state.audit !== true && state.grant.ask?.includes(ref) === true
            ? await askIfNeeded(server, state, proposal, extra)
            : undefined;
        const outcome = await proposeAndFire(
          proposal,
          handler,
          { signal: extra.signal, shapeOutput: NO_TEXT, timeoutMs: state.callTimeoutMs },
          { run: state.run, session: state.session },
          // Each yes is for one call (SPEC §14.4): the same call made again asks again and,
          // approved again, runs again under that yes's own id.
          approval === undefined
            ? undefined
            : ({ approval, [APPROVAL_ID]: randomUUID() } as DispatchOptions),
        );
        if (outcome.status === 'ok') return outcome.output as CallToolResult;
        return errorResult(
          outcome.status === 'refused' ? refusalText(outcome.refusal) : outcome.text,
        );
      }
    },
  );
}

/**
 * Decides the call with the gate alone (nothing recorded) to learn the
 * exact call an approval is for, and asks the person. The run then decides
 * the call for the record, with the token or without it; nothing of the
 * run's happens while the person answers, so concurrent calls cannot
 * interleave between its proposal and dispatch.
 */
async function askIfNeeded(
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the low-level Server, as createProxy says
  server: Server,
  state: SessionState,
  proposal: { readonly tool: string; readonly version: number; readonly arguments: unknown },
  request: { readonly signal: AbortSignal; readonly requestId: RequestId },
): Promise<string | undefined> {
  if (state.approvalKey === undefined) return undefined;
  const context = {
    grant: state.grant,
    ...(state.visible === undefined ? {} : { visible: state.visible }),
  };
  const decision = state.gate.checkTurn({ calls: [proposal] }, context);
  const call = decision.settled === 'tool' ? decision.calls[0] : undefined;
  if (call === undefined) return undefined;
  const verdict = state.gate.checkDispatch(call, context);
  if (verdict.allowed || verdict.refusal.code !== 'approval_required') return undefined;
  const approval = verdict.refusal.approval;
  if (approval === undefined) return undefined;
  const entry = state.registry.resolve(call.ref);
  const message = formatApprovalMessage(approval, entry, call.arguments);
  const key = state.approvalKey;
  const settings = state.approvals ?? {
    mode: 'auto' as const,
    timeoutMs: DEFAULT_APPROVAL_TIMEOUT_MS,
  };
  const canElicit = server.getClientCapabilities()?.elicitation !== undefined;
  const local = settings.queue;
  const elicit = (signal = request.signal) =>
    askApproval(server, approval, message, key, { signal, requestId: request.requestId });
  const locally = async (signal: AbortSignal) => {
    // INVARIANT: called only with a queue.
    const status = await askLocally(
      local as ApprovalQueue,
      {
        run: state.runId ?? '',
        session: state.session,
        ref: call.ref,
        digest: approval.digest,
        arguments: JSON.stringify(call.arguments),
        // The values the call's resources name, for the person to read first.
        resources: (entry?.resources ?? []).flatMap((resource) =>
          stringValuesAt(resource.at, call.arguments),
        ),
      },
      settings.timeoutMs,
      signal,
      state.log,
    );
    return status === 'approved' ? approveCall(approval, key) : undefined;
  };
  switch (settings.mode) {
    case 'elicit':
      return elicit();
    case 'local':
      return local === undefined ? undefined : locally(request.signal);
    case 'both': {
      if (local === undefined) return elicit();
      if (!canElicit) return locally(request.signal);
      // The first answer stands: an elicitation yes or no, or the local one; the other then ends.
      const ended = new AbortController();
      const end = () => {
        ended.abort();
      };
      request.signal.addEventListener('abort', end, { once: true });
      // A client that errs gave no answer: the local one still decides (the wait never ends here).
      const fromClient = elicitApproval(server, approval, message, key, {
        signal: ended.signal,
        requestId: request.requestId,
      }).then((answer) => {
        if (answer.kind === 'approved') return answer.token;
        if (answer.kind === 'refused') return undefined;
        if (!ended.signal.aborted)
          state.log(
            `toolgate mcp: the client could not ask a person about ${call.ref}; it waits for a local answer`,
          );
        return new Promise<never>(() => undefined);
      });
      try {
        return await Promise.race([fromClient, locally(ended.signal)]);
      } finally {
        end();
        request.signal.removeEventListener('abort', end);
      }
    }
    case 'auto':
      return canElicit || local === undefined ? elicit() : locally(request.signal);
  }
}

/** How long a local approval waits when nothing says otherwise (SPEC §14.6). */
export const DEFAULT_APPROVAL_TIMEOUT_MS = 120_000;

/** An MCP tool error the model reads: one text item, `isError: true`. */
function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
