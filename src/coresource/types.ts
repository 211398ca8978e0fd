/** A custom tool as `createAgent({ tools })` takes it; only `name` is read here (handlers never run). */
export interface CoresourceCustomTool {
  readonly name: string;
  readonly [key: string]: unknown;
}

/** A locally registered MCP server (`registerMcpServer`); its tools are `<namespace>/*`. */
export interface CoresourceLocalMcpServer {
  readonly name: string;
  /** Default: `name`. */
  readonly namespace?: string;
}

/**
 * The parts of a Coresource agent configuration that decide its tools.
 * Other keys (`type`, `systemPrompt`, …) are allowed and ignored.
 */
export interface CoresourceAgentConfig {
  /** Custom tools: each name is added; a name of the runtime catalog replaces that tool. */
  readonly tools?: readonly CoresourceCustomTool[];
  /** The runtime-catalog tool names, when `registerRuntimeTools()` is called; adds them plus `web_search`. */
  readonly runtimeTools?: readonly string[];
  /** Skills: a non-empty list adds `list_skills` and `invoke_skill`. */
  readonly skills?: readonly unknown[];
  /** Hosted MCP servers by alias: each adds `<alias>/*`; any adds the three MCP helper tools. */
  readonly mcpServers?: Readonly<Record<string, unknown>>;
  /** Set: adds `understand_image`. */
  readonly imageModel?: string;
  /** Local MCP servers (`registerMcpServer`): each adds `<namespace>/*`. */
  readonly localMcpServers?: readonly CoresourceLocalMcpServer[];
  /** Explicit: narrows the derived allowlist (entries: names, `prefix/*`, `*`). */
  readonly toolAllowlist?: readonly string[];
  /** Caps how many tools the resulting catalog may expose. */
  readonly maxTools?: number;
}

/** What `createCoresourceAgent` may know besides the configuration. */
export interface CoresourceAgentOptions {
  /**
   * The tools each MCP server lists, by alias or namespace (tool names
   * without the prefix). A server listed here counts tool by tool; one that
   * is not stays `<prefix>/*`, which `maxTools` cannot count, so it is cut
   * whenever `maxTools` is set.
   */
  readonly serverTools?: Readonly<Record<string, readonly string[]>>;
}

/** Where a tool's implementation comes from. */
export type CoresourceToolSource = 'custom' | 'runtime' | 'hosted' | 'skills' | 'mcp' | 'local_mcp';

/** One entry of the resulting catalog: a tool, or a `<prefix>/*` whose tools are not known. */
export interface CoresourceTool {
  readonly name: string;
  readonly source: CoresourceToolSource;
  /** A custom tool that replaces a derived tool of the same name (such as the runtime catalog's). */
  readonly replaces?: CoresourceToolSource;
}

/** An agent's tools, resolved: plain, frozen data. */
export interface CoresourceAgentTools {
  /** The allowlist derived from the configuration (custom, runtime, skills, MCP, image, local MCP). */
  readonly derived: readonly string[];
  /** The allowlist in force: `derived`, or the explicit list narrowed to what `derived` allows. */
  readonly allowlist: readonly string[];
  /** The catalog the model may see, after the allowlist and `maxTools`. */
  readonly tools: readonly CoresourceTool[];
  /** The names of `tools`: the `visible` list for `checkTurn`, `createRun` and `renderMenu`. */
  readonly visible: readonly string[];
  /** What `maxTools` cut, in order. */
  readonly cut: readonly string[];
  /** Derived entries an explicit allowlist leaves out: "an explicit list that omits the tool is the usual cause". */
  readonly omitted: readonly string[];
  /** Explicit entries that match no configured tool. */
  readonly unmatched: readonly string[];
}
