import type { StructuredToolInterface } from '@langchain/core/tools';
import type { FireOutcome, OutputShaper } from '../fire/types.js';
import type { Gate, Step } from '../gate/types.js';
import type { Grant } from '../grant/types.js';
import type { Registry } from '../registry/types.js';
import type { Run, TurnRecord } from '../run/types.js';

/** LangChain tools keyed by exact toolgate ref: `{ 'weather@1': tool(fn, { … }) }`. */
export type LangChainToolsByRef = Readonly<Record<string, StructuredToolInterface>>;

/** What `gateLangChainTools` takes. */
export interface GateLangChainToolsOptions {
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
  /** Told how every call ended, refusals included, with the tool call id. */
  readonly onOutcome?: (outcome: FireOutcome, toolCallId: string | undefined) => void;
}

/** What `runLangChainToolCalls` takes besides the calls and tools. */
export interface RunLangChainToolCallsOptions {
  /** The grant the tools were gated with: its refs define the provider names. */
  readonly grant: Grant;
  /** When given, a call naming no offered tool becomes a refused turn of this run. */
  readonly run?: Run;
  readonly onRecord?: (record: TurnRecord, toolCallId: string | undefined) => void;
}
