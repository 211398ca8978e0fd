/** What a ledger holds for one run id: what it spent, and whether it is dead-lettered. */
export interface LedgerState {
  readonly turns: number;
  readonly toolCalls: number;
  readonly dead: boolean;
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
 * concurrency. An async ledger (`async: true`, such as the PostgreSQL
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
}
