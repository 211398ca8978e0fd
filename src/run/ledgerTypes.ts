import type { TouchedLabel } from '../gate/types.js';

/**
 * What a ledger holds for one run id: what it spent, whether it is
 * dead-lettered, and the labels its dispatches touched (SPEC §14.5).
 */
export interface LedgerState {
  readonly turns: number;
  readonly toolCalls: number;
  readonly dead: boolean;
  /**
   * The labels any process's let-through dispatches of this run touched, in
   * first-touch order, each once. A ledger that predates information-flow
   * rules leaves it out: that reads as none.
   */
  readonly touched?: readonly TouchedLabel[];
}

/** What one settled turn adds to its run's ledger. */
export interface LedgerSpend {
  readonly turns: number;
  readonly toolCalls: number;
  /** The turn dead-lettered the run. */
  readonly dead: boolean;
}

/**
 * Where runs sharing an id spend their budgets (SPEC §8 rev 2, "A shared
 * ledger"): every process serving one run id reads and spends the same
 * totals. `spend` is a compare-and-swap: it adds only if the run's state is
 * still exactly `seen`, and returns false otherwise, so the run decides
 * again on the fresh state and no budget is ever overspent, whatever the
 * concurrency. `touch` shares the labels the run's dispatches touched, the
 * same way, so a flow rule holds across every process. An async ledger (`async: true`, such as the PostgreSQL
 * ledger) returns promises; its runs are driven with the async forms.
 */
export interface RunLedger {
  readonly async?: boolean;
  /** The run's state; a run never seen has spent nothing. */
  readonly read: (run: string) => LedgerState | PromiseLike<LedgerState>;
  /** Adds `add` if the run's state is still `seen`; true when it did. */
  readonly spend: (
    run: string,
    seen: LedgerState,
    add: LedgerSpend,
  ) => boolean | PromiseLike<boolean>;
  /** Accepts an approval token for this run once: true the first time, false ever after. */
  readonly acceptApproval: (run: string, token: string) => boolean | PromiseLike<boolean>;
  /**
   * Appends `labels` (none of them touched yet) to the run's touched labels
   * if they are still exactly `seen` (the `touched` of a `read`); true when
   * it did. A compare-and-swap like `spend`: of two processes appending from
   * the same `seen`, one wins and the other decides its dispatch again.
   * Needed by a run whose grant has labels; a ledger without it cannot serve one.
   */
  readonly touch?: (
    run: string,
    seen: readonly TouchedLabel[],
    labels: readonly TouchedLabel[],
  ) => boolean | PromiseLike<boolean>;
}
