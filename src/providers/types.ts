import type { Grant } from '../grant/types.js';

/** The providers toolgate writes tool lists for and reads tool calls from. */
export type Provider = 'openai' | 'anthropic' | 'mcp';

/**
 * A tool's input schema as the providers' request types want it: a JSON
 * Schema object with `type: 'object'` (the registry requires it of every
 * definition; a granted tool it cannot resolve gets `{ type: 'object' }`).
 */
export interface ToolInputSchema {
  type: 'object';
  [key: string]: unknown;
}

/*
 * The list types below are mutable on purpose: every call to `toOpenAITools`,
 * `toAnthropicTools` or `toMcpTools` returns a fresh, unfrozen copy, so it is
 * assignable to the providers' own request types (which take mutable arrays)
 * and safe to hand to code that adds to it (LangChain, the Agents SDK).
 * Changing a copy changes nothing toolgate holds.
 */

/** An OpenAI Chat Completions tool (`ChatCompletionFunctionTool`). */
export interface OpenAIChatTool {
  type: 'function';
  function: {
    name: string;
    description: string;
    parameters: ToolInputSchema;
  };
}

/** An OpenAI Responses API function tool (`FunctionTool`). */
export interface OpenAIResponsesTool {
  type: 'function';
  name: string;
  description: string;
  parameters: ToolInputSchema;
  /** Always false: strict mode would reject most tool schemas as written. */
  strict: false;
}

/** An Anthropic Messages API tool (`Tool`). */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: ToolInputSchema;
}

/** An MCP tool, as `tools/list` lists it. */
export interface McpTool {
  name: string;
  /** The exact toolgate ref, for people: `slack/search@1`. */
  title: string;
  description: string;
  inputSchema: ToolInputSchema;
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
