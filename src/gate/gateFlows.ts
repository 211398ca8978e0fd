import { sharedWeakMap } from '../data/sharedWeakMap.js';
import type { LabelTouch } from './flows/findLabelTouches.js';
import type { AuthorizedCall, Gate, GateContext, Refusal } from './types.js';

/**
 * What a gate made by `createGate` tells its run about one call, beyond the
 * verdict: which labels of the grant the call touches (so the run can
 * remember them for the flow rules), and whether it needs a person's
 * approval (the grant's `ask`, or a flow rule in force). Internal: the
 * public `Gate` does not expose it.
 */
export interface GateFlows {
  readonly inspect: (call: AuthorizedCall, context: GateContext) => InspectedCall;
}

/**
 * What `inspect` found, or, when finding it failed (a `realpath` that threw),
 * the refusal the dispatch takes instead: a run that cannot tell what a call
 * touches does not let it through.
 */
export type InspectedCall =
  | {
      readonly touches: ReadonlyMap<string, LabelTouch>;
      readonly asked: boolean;
      readonly failed?: undefined;
    }
  | { readonly failed: Refusal; readonly touches?: undefined; readonly asked?: undefined };

/** Shared by every copy of this version in the process (ESM, CommonJS, bundled): see `sharedWeakMap`. */
const flows = /* @__PURE__ */ sharedWeakMap<Gate, GateFlows>('gateFlows');

/** Records what a gate tells its run (called once, by `createCoreGate`). */
export function attachGateFlows(gate: Gate, inspect: GateFlows): void {
  flows.set(gate, inspect);
}

/** What this gate tells its run, or `undefined` for anything not made by `createGate`. */
export function flowsOfGate(gate: unknown): GateFlows | undefined {
  return flows.get(gate as Gate);
}
