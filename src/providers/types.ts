import type { Grant } from '../grant/types.js';

/** The providers toolgate writes tool lists for and reads tool calls from. */
export type Provider = 'openai' | 'anthropic' | 'mcp';

/** An OpenAI Chat Completions tool. */
export interface OpenAIChatTool {
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    readonly description: string;
    readonly parameters: Readonly<Record<string, unknown>>;
  };
}

/** An OpenAI Responses API function tool. */
export interface OpenAIResponsesTool {
  readonly type: 'function';
  readonly name: string;
  readonly description: string;
  readonly parameters: Readonly<Record<string, unknown>>;
  /** Always false: strict mode would reject most tool schemas as written. */
  readonly strict: false;
}

/** An Anthropic Messages API tool. */
export interface AnthropicTool {
  readonly name: string;
  readonly description: string;
  readonly input_schema: Readonly<Record<string, unknown>>;
}

/** An MCP tool, as `tools/list` lists it. */
export interface McpTool {
  readonly name: string;
  /** The exact toolgate ref, for people: `slack/search@1`. */
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

/** A toolgate call envelope, as it goes into a turn's `calls`. */
export interface CallEnvelope {
  readonly tool: string;
  readonly version: number;
  /** Verbatim: the JSON string or the object the provider sent. */
  readonly arguments: unknown;
}

/** What `fromProviderCall` needs besides the call. */
export interface FromProviderCallOptions {
  readonly provider: Provider;
  /** The grant the tool list was made from: its refs define the provider names. */
  readonly grant: Grant;
  /**
   * `'exact'` (the default): the name as `toProviderToolName` wrote it.
   * `'sanitized'`: the name as a runtime that turns every character but ASCII
   * letters and digits into `_` sends it back (the OpenAI Agents SDK:
   * `fs-read_v1` => `fs_read_v1`); a name two granted refs sanitize to is
   * refused, never guessed.
   */
  readonly names?: 'exact' | 'sanitized';
  /**
   * A prefix the runtime puts before every tool name (the Agents SDK's
   * `mcp_SERVER__`, Claude Code's `mcp__SERVER__`): a name without it is
   * refused, and it is removed before the lookup.
   */
  readonly prefix?: string;
}
