import { randomBytes } from 'node:crypto';
import { createGate } from '../../createGate.js';
import { approveCall } from '../../gate/approveCall.js';
import type { ApprovalRequest, GateContext, TurnDecision } from '../../gate/types.js';
import type { Registry } from '../../registry/types.js';

/** A turn decided as if a person approved each call that asked: the decision, and what was asked. */
export interface ApprovedDecision {
  readonly decision: TurnDecision;
  readonly approvals: readonly (ApprovalRequest & { readonly callIndex: number })[];
}

/**
 * `toolgate check --approve`: decides a turn as `authorize` does, except
 * that a call refused only for want of an approval (`approval_required`) is
 * approved, as a person would, with a key made for this one decision, and
 * dispatched again. Returns the decision and every approval that was asked,
 * so a person can see exactly what they would be approving. Any other
 * refusal stands.
 *
 * // fs-write@1 in ask => { decision: { settled: 'tool', … }, approvals: [{ callIndex: 0, ref: 'fs-write@1', arguments: '{…}', digest: 'sha256:…' }] }
 */
export function decideWithApprovals(
  registry: Registry,
  turn: string,
  context: GateContext,
): ApprovedDecision {
  const key = new Uint8Array(randomBytes(32));
  const gate = createGate({ registry, approvalKey: key });
  const proposed = gate.checkTurn(turn, context);
  if (proposed.settled !== 'tool') return { decision: proposed, approvals: [] };
  const approvals: (ApprovalRequest & { readonly callIndex: number })[] = [];
  for (const [callIndex, call] of proposed.calls.entries()) {
    let verdict = gate.checkDispatch(call, context);
    if (!verdict.allowed && verdict.refusal.approval !== undefined) {
      approvals.push({ callIndex, ...verdict.refusal.approval });
      verdict = gate.checkDispatch(call, {
        ...context,
        approval: approveCall(verdict.refusal.approval, key),
      });
    }
    if (!verdict.allowed) {
      return {
        decision: { settled: 'rejected', refusal: { ...verdict.refusal, callIndex } },
        approvals,
      };
    }
  }
  return { decision: proposed, approvals };
}
