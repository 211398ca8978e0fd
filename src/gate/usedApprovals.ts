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

/**
 * (rev 3) The dispatch-options key under which `toolgate mcp` says "a person
 * approved this one call just now", with a fresh id for that yes (SPEC §14.4:
 * a repeat of the same call asks again and, approved, runs again). The token
 * is still verified against the call's digest; what is used once is the
 * token under this id, so each yes runs one call. Not exported: a model or a
 * caller of `run.dispatch` cannot set it.
 */
export const APPROVAL_ID: unique symbol = Symbol('toolgate.approvalId');
