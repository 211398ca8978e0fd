import type { TouchedLabel } from '../gate/types.js';
import type { LedgerSpend, LedgerState } from './ledgerTypes.js';
import type { RunEntry } from './types.js';

/**
 * What a run's decision steps ask of the world between deciding and
 * committing: to record an entry, to read or spend on the run's ledger. `propose` and `dispatch` are
 * written once, as generators yielding these; `runStepsSync` performs them
 * at once, `runStepsAsync` awaits each (for a store or ledger across the
 * network). A step commits nothing until every effect before it succeeded.
 */
export type RunEffect =
  | { readonly kind: 'record'; readonly entry: RunEntry }
  /** Read the run's state from its ledger (a `LedgerState`). */
  | { readonly kind: 'ledger-read' }
  /** Spend on the ledger if the state is still `seen` (a boolean). */
  | { readonly kind: 'ledger-spend'; readonly seen: LedgerState; readonly add: LedgerSpend }
  /** Accept an approval token for this run once, across every runtime sharing the ledger (a boolean). */
  | { readonly kind: 'ledger-approval'; readonly token: string }
  /** Append touched labels to the ledger if its touched labels are still `seen` (a boolean). */
  | {
      readonly kind: 'ledger-touch';
      readonly seen: readonly TouchedLabel[];
      readonly labels: readonly TouchedLabel[];
    };

/** The decision steps of one `propose` or `dispatch`, ending with its result. */
export type RunSteps<T> = Generator<RunEffect, T, unknown>;

/** Is this a promise (or any thenable)? */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
