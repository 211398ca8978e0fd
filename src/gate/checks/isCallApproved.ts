import { pass, type Check, type CheckContext } from '../Check.js';
import { describeApproval } from '../describeApproval.js';
import { findLabelTouches } from '../flows/findLabelTouches.js';
import { isTokenFor } from '../isTokenFor.js';
import type { ProposedCall } from '../decodeTurn.js';
import { activeFlows, labelsNamed } from './isFlowAllowed.js';

/**
 * (check 10) If the grant asks for approval of this ref, or a flow rule in
 * force asks for it (the ref, or a label the call touches, is in the rule's
 * `ask`), does the context carry a token for exactly this call, not yet used
 * in this run? A grant without `ask` or flows pays one set lookup and one
 * property read. Without an approval key every such call is refused: no
 * token can be checked, so none is accepted.
 */
export const isCallApproved: Check = (call, ctx) => {
  if (!isCallAsked(call, ctx)) return pass;
  // INVARIANT: dispatch.grant passed, so the registry has this exact ref; refuse anyway if not.
  if (ctx.tool === undefined) return { code: 'not_granted', ref: call.ref };
  const approval = describeApproval(call, ctx.tool.entry);
  const { approval: token, approvalKey: key, usedApprovals } = ctx;
  if (key === undefined || token === undefined || !isTokenFor(key, approval.digest, token)) {
    return { code: 'approval_required', ref: call.ref, approval };
  }
  return usedApprovals?.has(token) === true ? { code: 'approval_reused' } : pass;
};

/** Does the grant's `ask`, or a flow rule in force, ask for this call? */
export function isCallAsked(call: ProposedCall, ctx: CheckContext): boolean {
  return ctx.compiledGrant.ask.has(call.ref) || isAskedByFlow(call, ctx);
}

/** Does a flow rule in force ask for this call: its ref, or a label it touches? */
function isAskedByFlow(call: ProposedCall, ctx: CheckContext): boolean {
  // A grant without flows (the common case) allocates nothing here.
  if (ctx.compiledGrant.flows === undefined) return false;
  const asking = activeFlows(ctx).filter(
    ({ flow }) => flow.askRefs.size > 0 || flow.askLabels.length > 0,
  );
  if (asking.length === 0) return false;
  if (asking.some(({ flow }) => flow.askRefs.has(call.ref))) return true;
  const labels = ctx.compiledGrant.labels;
  if (labels === undefined) return false;
  const wanted = new Set(asking.flatMap(({ flow }) => flow.askLabels));
  if (wanted.size === 0) return false;
  return findLabelTouches(call, ctx, labelsNamed(labels, wanted)).size > 0;
}
