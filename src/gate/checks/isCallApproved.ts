import { pass, type Check } from '../Check.js';
import { describeApproval } from '../describeApproval.js';
import { isTokenFor } from '../isTokenFor.js';

/**
 * (rev 2, check 9) If the grant asks for approval of this ref, does the
 * context carry a token for exactly this call, not yet used in this run?
 * A grant without `ask` pays one set lookup. Without an approval key every
 * `ask` call is refused: no token can be checked, so none is accepted.
 */
export const isCallApproved: Check = (call, ctx) => {
  if (!ctx.compiledGrant.ask.has(call.ref)) return pass;
  // INVARIANT: dispatch.grant passed, so the registry has this exact ref; refuse anyway if not.
  if (ctx.tool === undefined) return { code: 'not_granted', ref: call.ref };
  const approval = describeApproval(call, ctx.tool.entry);
  const { approval: token, approvalKey: key, usedApprovals } = ctx;
  if (key === undefined || token === undefined || !isTokenFor(key, approval.digest, token)) {
    return { code: 'approval_required', ref: call.ref, approval };
  }
  return usedApprovals?.has(token) === true ? { code: 'approval_reused' } : pass;
};
