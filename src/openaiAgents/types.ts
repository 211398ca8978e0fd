import type { FunctionTool } from '@openai/agents';
import type { FireOutcome, OutputShaper } from '../fire/types.js';
import type { Gate, Step } from '../gate/types.js';
import type { Grant } from '../grant/types.js';
import type { Registry, ToolDefinition } from '../registry/types.js';
import type { Run, TurnRecord } from '../run/types.js';

/** An Agents SDK function tool of any context, parameters and result. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the SDK's own tool type is generic over any context
export type AnyFunctionTool = FunctionTool<any, any, any>;

/** OpenAI Agents SDK function tools keyed by exact toolgate ref: `{ 'weather@1': tool({ … }) }`. */
export type AgentToolsByRef = Readonly<Record<string, AnyFunctionTool>>;

/** What the gate needs to know about a tool that the Agents SDK does not say. */
export type AgentToolScopes = Pick<ToolDefinition, 'resources' | 'network' | 'secrets' | 'shapes'>;

/** Scopes keyed by exact ref. */
export type AgentScopesByRef = Readonly<Record<string, AgentToolScopes>>;

/** What `gateAgentTools` takes. */
export interface GateAgentToolsOptions {
  readonly registry: Registry;
  readonly gate: Gate;
  /** Only its refs (with `visible` and `step`) are offered to the model. */
  readonly grant: Grant;
  readonly visible?: ReadonlySet<string> | readonly string[];
  readonly step?: Step;
  readonly cwd?: string;
  /** When given, each call is a turn of this run (budgets, records); make it from the same grant. */
  readonly run?: Run;
  /** A deadline for each call, in milliseconds. */
  readonly timeoutMs?: number;
  /** When given, the model gets the shaped text instead of the tool's value. */
  readonly shapeOutput?: OutputShaper;
  /** Told how every call ended, refusals included, with the SDK's call id. */
  readonly onOutcome?: (outcome: FireOutcome, callId: string | undefined) => void;
}

/** What `gateAgentRunOptions` takes. */
export interface GateAgentRunOptions {
  /** The run the gated tools decide in: calls to tools the agent does not have become its turns. */
  readonly run: Run;
  /** The grant the tools were gated with. */
  readonly grant: Grant;
  /** Told of each turn recorded, with the SDK's call id. */
  readonly onRecord?: (record: TurnRecord, callId: string) => void;
}
