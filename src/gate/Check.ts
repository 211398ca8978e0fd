import type { ToolReading } from './toolReadings.js';
import type { CompiledGrant } from '../grant/compiledGrant.js';
import type { Grant } from '../grant/types.js';
import type { RealpathFn } from '../realpath/RealpathFn.js';
import type { CompiledTool } from '../registry/validateDefinition.js';
import type { ProposedCall } from './decodeTurn.js';
import type { RefusalFacts } from './refusalFacts.js';
import type { Step, TouchedLabel } from './types.js';
import type { UsedApprovals } from './usedApprovals.js';

/**
 * Everything a built-in check may read: plain, compiled, frozen data. Every
 * field is always present (`undefined` when the caller gave none): one object
 * shape for every call keeps the checks' property reads fast.
 */
export interface CheckContext {
  readonly grant: Grant;
  readonly compiledGrant: CompiledGrant;
  /** The registry's current compiled entry for the call's exact ref, if any. */
  readonly tool: CompiledTool | undefined;
  readonly step: Step | undefined;
  readonly cwd: string | undefined;
  readonly visible: ReadonlySet<string> | readonly string[] | undefined;
  readonly realpath: RealpathFn | undefined;
  /** (rev 2) The token the caller's context carries for this call, if any. */
  readonly approval: string | undefined;
  /** (rev 2) The gate's approval key; without it no `ask` call passes. */
  readonly approvalKey: Uint8Array | undefined;
  /** (rev 2) The tokens the run has already used; a direct gate call has none. */
  readonly usedApprovals: UsedApprovals | undefined;
  /** (rev 3) How the tool's own schema reads this call's arguments, when an adapter says. */
  readonly reading: ToolReading | undefined;
  /** The labels the run touched so far, when the caller passed them. */
  readonly touched: readonly TouchedLabel[] | undefined;
}

/** One question about one call: `pass` (undefined), or the facts of a refusal. */
export type Check = (call: ProposedCall, ctx: CheckContext) => RefusalFacts | undefined;

/** A check's "yes". */
export const pass = undefined;
