import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { OutputShaper } from '../fire/types.js';
import type { Gate, Step } from '../gate/types.js';
import type { Grant } from '../grant/types.js';
import type { Registry, ToolDefinition } from '../registry/types.js';
import type { Run } from '../run/types.js';

/**
 * The part of an MCP `Client` toolgate uses: a client connected to the server
 * to put the gate in front of. When it can take notification handlers, the
 * gateway handles the server's `notifications/tools/list_changed` itself.
 */
export type McpUpstream = Pick<Client, 'listTools' | 'callTool'> &
  Partial<Pick<Client, 'setNotificationHandler'>>;

/** A tool as the server's `tools/list` listed it. */
export type McpListedTool = Tool;

/** What the gate needs to know about a tool that MCP does not say: where its arguments name resources. */
export type McpToolScopes = Pick<ToolDefinition, 'resources' | 'network' | 'secrets'>;

/** How tools from `tools/list` become registry entries. */
export interface McpImportOptions {
  /** Registered names are `NAMESPACE/NAME`; default: the MCP name itself. */
  readonly namespace?: string;
  /** Resources, hosts and secrets per MCP tool name, for the gate's scope checks. */
  readonly scopes?: Readonly<Record<string, McpToolScopes>>;
  /** The version of each tool's ref; default `mcpToolVersion` (a fingerprint of what the model sees). */
  readonly version?: (tool: McpListedTool) => number;
}

/** One server tool in the registry. */
export interface ImportedMcpTool {
  /** The MCP name, as the server calls it. */
  readonly name: string;
  /** The ref it is registered (and must be granted) as. */
  readonly ref: string;
  /** The full digest of the tool as listed (`mcpToolDigest`): what an approval binds to. */
  readonly digest: string;
  readonly tool: McpListedTool;
}

/** What an import did: the tools now in the registry, and those it could not register, with why. */
export interface McpImport {
  readonly tools: readonly ImportedMcpTool[];
  /** `ref` is there when the tool was skipped because its approved ref now holds another definition. */
  readonly skipped: readonly {
    readonly name: string;
    readonly problem: string;
    readonly ref?: string;
    /** (rev 3) For a tool changed since it was approved: the approved and the live digests. */
    readonly locked?: string;
    readonly live?: string;
  }[];
}

/** What `createMcpGateway` takes. */
export interface McpGatewayOptions extends McpImportOptions {
  /** A client connected to the real server. */
  readonly upstream: McpUpstream;
  readonly registry: Registry;
  readonly gate: Gate;
  /** Its granted refs (with `visible` and `step`) decide what `tools/list` answers. */
  readonly grant: Grant;
  readonly visible?: ReadonlySet<string> | readonly string[];
  readonly step?: Step;
  readonly cwd?: string;
  /** When given, each `tools/call` is a turn of this run (budgets, records); make it from the same grant. */
  readonly run?: Run;
  /** A deadline for each call, in milliseconds; also the MCP request timeout upstream. */
  readonly timeoutMs?: number;
  /** Applied to every text item of a result (`createOutputShaper` from `toolgate/node` saves big ones). */
  readonly shapeOutput?: OutputShaper;
  /**
   * The full digest (`mcpToolDigest`, as `importMcpTools` returns it) each
   * ref was approved with. A granted ref without one is bound to the first
   * definition the gateway sees under it. Either way, the server listing
   * another definition under that ref gets it refused and unlisted.
   */
  readonly digests?: Readonly<Record<string, string>>;
  /**
   * Read the server's `tools/list` before each call and list. Default false:
   * the list is read at start, on the server's `tools/list_changed`, on
   * `refresh()`, and when older than `refreshAfterMs`.
   */
  readonly verifyBeforeCall?: boolean;
  /** Read the list again before a call or list when the last read is older than this (ms). Default: never. */
  readonly refreshAfterMs?: number;
  /** The gateway's own name and version in the MCP handshake. */
  readonly serverInfo?: { readonly name: string; readonly version: string };
}
