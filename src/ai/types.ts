import type { Tool } from 'ai';
import type { FireOutcome, OutputShaper } from '../fire/types.js';
import type { Gate, Step } from '../gate/types.js';
import type { Grant } from '../grant/types.js';
import type { Registry, ToolDefinition } from '../registry/types.js';
import type { Run } from '../run/types.js';

/** AI SDK tools keyed by exact toolgate ref: `{ 'weather@1': tool({ … }) }`. */
export type AiToolsByRef = Readonly<Record<string, Tool>>;

/** What the gate needs to know about a tool that the AI SDK does not say. */
export type AiToolScopes = Pick<ToolDefinition, 'resources' | 'network' | 'secrets' | 'shapes'>;

/** What `gateAiTools` takes. */
export interface GateAiToolsOptions {
  readonly registry: Registry;
  readonly gate: Gate;
  /** Only its refs (with `visible` and `step`) are offered to the model. */
  readonly grant: Grant;
  readonly visible?: ReadonlySet<string> | readonly string[];
  readonly step?: Step;
  readonly cwd?: string;
  /** When given, each `execute` is a turn of this run (budgets, records); make it from the same grant. */
  readonly run?: Run;
  /** A deadline for each call, in milliseconds. */
  readonly timeoutMs?: number;
  /** When given, the model gets the shaped text instead of the tool's value (the Kortix size rule). */
  readonly shapeOutput?: OutputShaper;
  /** Told how every call ended, refusals included, with the AI SDK's tool call id. */
  readonly onOutcome?: (outcome: FireOutcome, toolCallId: string) => void;
}
