import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { OutputShaper } from '../fire/types.js';
import type { Gate, Step } from '../gate/types.js';
import type { Grant } from '../grant/types.js';
import type { Registry, ToolDefinition } from '../registry/types.js';
import type { Run } from '../run/types.js';

/** The part of an MCP `Client` toolgate uses: a client connected to the server to put the gate in front of. */
export type McpUpstream = Pick<Client, 'listTools' | 'callTool'>;

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
  readonly tool: McpListedTool;
}

/** What an import did: the tools now in the registry, and those it could not register, with why. */
export interface McpImport {
  readonly tools: readonly ImportedMcpTool[];
  readonly skipped: readonly { readonly name: string; readonly problem: string }[];
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
  /** Read the server's `tools/list` again before each call, so a changed tool is refused. Default true. */
  readonly verifyBeforeCall?: boolean;
  /** The gateway's own name and version in the MCP handshake. */
  readonly serverInfo?: { readonly name: string; readonly version: string };
}
