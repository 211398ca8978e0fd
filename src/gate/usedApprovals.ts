/** Which approval tokens a run has already used (SPEC §13): the run's memory, or a shared ledger. */
export interface UsedApprovals {
  readonly has: (token: string) => boolean;
}

/**
 * The context key under which a run hands the gate its used tokens. A
 * symbol the package does not export: a caller's context cannot set it by
 * accident, and setting it could only refuse more (a token counted as used).
 */
export const USED_APPROVALS: unique symbol = Symbol('toolgate.usedApprovals');
