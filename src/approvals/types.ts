/** (rev 3) A call waiting for a person's answer on a channel the agent cannot reach (SPEC §14.6). */
export interface PendingApproval {
  readonly id: string;
  readonly run: string;
  readonly session?: string;
  readonly ref: string;
  /** The digest the approval is for: that ref, that definition, those argument bytes. */
  readonly digest: string;
  /** The call's arguments as JSON text, exactly as the gate checked them. */
  readonly arguments: string;
  /** The values the call's resources name (paths, hosts, secret names), as the person reads them first. */
  readonly resources: readonly string[];
  /** ISO 8601, UTC. */
  readonly createdAt: string;
}

/** Where a pending approval stands. */
export type ApprovalStatus = 'pending' | 'approved' | 'denied' | 'timed_out';

/** An answered (or expired) approval: what, who, when. */
export interface ApprovalAnswer {
  readonly status: ApprovalStatus;
  readonly answeredBy?: string;
  readonly answeredAt?: string;
}

/**
 * The pending approvals of a record store (SQLite or PostgreSQL): the proxy
 * adds one and waits; `toolgate approvals` and `toolgate ui` (other
 * processes, other machines for PostgreSQL) list and answer them. Each
 * answer is atomic: a pending approval is answered once, by the first.
 * Every method may reject when the store fails; the proxy then refuses.
 */
export interface ApprovalQueue {
  readonly add: (pending: Omit<PendingApproval, 'id' | 'createdAt'>) => Promise<PendingApproval>;
  readonly get: (id: string) => Promise<(PendingApproval & ApprovalAnswer) | undefined>;
  /** `answered` once; `ended` when it was answered or expired already; `unknown` for no such id. */
  readonly answer: (
    id: string,
    decision: 'approved' | 'denied',
    by: string,
  ) => Promise<'answered' | 'ended' | 'unknown'>;
  /** Ends a still pending approval as `timed_out`; resolves how it ended (an answer that came first stands). */
  readonly expire: (id: string) => Promise<ApprovalStatus | undefined>;
  /** The pending approvals, oldest first. */
  readonly pending: () => Promise<readonly PendingApproval[]>;
  readonly close: () => Promise<void>;
}
