import { randomBytes } from 'node:crypto';
import { createGate } from '../../createGate.js';
import { approveCall } from '../../gate/approveCall.js';
import type {
  ApprovalRequest,
  AuthorizedCall,
  DispatchDecision,
  Gate,
  GateContext,
  TurnDecision,
} from '../../gate/types.js';
import type { Registry } from '../../registry/types.js';

/** A turn decided as if a person approved each call that asked: the decision, and what was asked. */
export interface ApprovedDecision {
  readonly decision: TurnDecision;
  readonly approvals: readonly (ApprovalRequest & { readonly callIndex: number })[];
}

/** A gate whose dispatch stage approves, as a person would, each call refused only for want of an approval. */
export interface ApprovingGate {
  readonly gate: Gate;
  /** `gate.checkDispatch`, approving an `approval_required` call with a key made for this gate; the request, when one was asked. */
  readonly dispatch: (
    call: AuthorizedCall,
    context: GateContext,
  ) => { readonly verdict: DispatchDecision; readonly asked?: ApprovalRequest };
}

/**
 * The gate `toolgate check --approve` decides with: the same options as the
 * plain check's (symlinks resolved unless the user opted out), and a fresh
 * approval key that lives only as long as this gate.
 */
export function createApprovingGate(
  registry: Registry,
  realpath: 'node' | undefined,
): ApprovingGate {
  const key = new Uint8Array(randomBytes(32));
  const gate = createGate({
    registry,
    approvalKey: key,
    ...(realpath === undefined ? {} : { realpath }),
  });
  return {
    gate,
    dispatch: (call, context) => {
      const verdict = gate.checkDispatch(call, context);
      if (verdict.allowed || verdict.refusal.approval === undefined) return { verdict };
      const asked = verdict.refusal.approval;
      return {
        verdict: gate.checkDispatch(call, { ...context, approval: approveCall(asked, key) }),
        asked,
      };
    },
  };
}

/**
 * `toolgate check --approve`: decides a turn as `authorize` does, except
 * that a call refused only for want of an approval (`approval_required`) is
 * approved, as a person would (see `createApprovingGate`), and dispatched
 * again. Returns the decision and every approval that was asked, so a person
 * can see exactly what they would be approving. Any other refusal stands.
 *
 * // fs-write@1 in ask => { decision: { settled: 'tool', … }, approvals: [{ callIndex: 0, ref: 'fs-write@1', arguments: '{…}', digest: 'sha256:…' }] }
 */
export function decideWithApprovals(
  approving: ApprovingGate,
  turn: string,
  context: GateContext,
): ApprovedDecision {
  const proposed = approving.gate.checkTurn(turn, context);
  if (proposed.settled !== 'tool') return { decision: proposed, approvals: [] };
  const approvals: (ApprovalRequest & { readonly callIndex: number })[] = [];
  for (const [callIndex, call] of proposed.calls.entries()) {
    const { verdict, asked } = approving.dispatch(call, context);
    if (asked !== undefined) approvals.push({ callIndex, ...asked });
    if (!verdict.allowed) {
      return {
        decision: { settled: 'rejected', refusal: { ...verdict.refusal, callIndex } },
        approvals,
      };
    }
  }
  return { decision: proposed, approvals };
}
