import { messageOf } from '../data/messageOf.js';
import type { Check, CheckContext } from './Check.js';
import { areArgumentsValid } from './checks/areArgumentsValid.js';
import { areHostsInScope } from './checks/areHostsInScope.js';
import { arePathsInScope } from './checks/arePathsInScope.js';
import { isCallApproved } from './checks/isCallApproved.js';
import { isFlowAllowed } from './checks/isFlowAllowed.js';
import { areSecretsInScope } from './checks/areSecretsInScope.js';
import { isShapeSupported } from './checks/isShapeSupported.js';
import { isToolGranted } from './checks/isToolGranted.js';
import { isToolInStep } from './checks/isToolInStep.js';
import { isToolVisible } from './checks/isToolVisible.js';
import type { ProposedCall } from './decodeTurn.js';
import type { RefusalFacts } from './refusalFacts.js';

/** A check and the id a refusal names it by. */
export interface PipelineEntry {
  readonly id: string;
  readonly check: Check;
}

/** The proposal stage, run on every call of a turn before anything is dispatched. */
export const PROPOSAL_CHECKS: readonly PipelineEntry[] = /* @__PURE__ */ Object.freeze([
  // 1. Authority first: nothing about a tool the run may not call is worth checking.
  { id: 'proposal.granted', check: isToolGranted },
  // §9: right after check 1, so a hidden tool is refused as hidden, not for its arguments.
  { id: 'proposal.visible', check: isToolVisible },
  // 2. The arguments' shape, before anything runs; scopes read these arguments later.
  { id: 'proposal.arguments', check: areArgumentsValid },
]);

/** The dispatch stage, run per call where it is about to run, on the current grant and registry. */
export const DISPATCH_CHECKS: readonly PipelineEntry[] = /* @__PURE__ */ Object.freeze([
  // 3. The step names the tools it can use; anything else is unknown to it.
  { id: 'dispatch.step', check: isToolInStep },
  // 4. The tool is used the way it declared it can be used.
  { id: 'dispatch.shape', check: isShapeSupported },
  // 5. Re-checked here: the grant or registry may have changed since the proposal.
  { id: 'dispatch.grant', check: isToolGranted },
  // 6–8. The three subset checks, in exactly this order: network, folder, secret.
  { id: 'dispatch.network', check: areHostsInScope },
  { id: 'dispatch.folder', check: arePathsInScope },
  { id: 'dispatch.secret', check: areSecretsInScope },
  // 9. What the run touched before decides what this call may touch (the grant's flows).
  { id: 'dispatch.flow', check: isFlowAllowed },
  // 10. Last: a person approves only a call that every other check allows,
  // and the approval's digest is computed only then.
  { id: 'dispatch.approval', check: isCallApproved },
]);

/**
 * Runs checks in order and returns the first refusal with the id of the check
 * that gave it. A check that throws refuses as `check_failed`: this is the
 * one place its exception is caught.
 */
export function runChecks(
  checks: readonly PipelineEntry[],
  call: ProposedCall,
  ctx: CheckContext,
): { readonly check: string; readonly facts: RefusalFacts } | undefined {
  // An index, not for…of: this loop runs for every check of every call.
  for (let index = 0; index < checks.length; index++) {
    const { id, check } = checks[index] as PipelineEntry;
    let facts: RefusalFacts | undefined;
    try {
      facts = check(call, ctx);
    } catch (error) {
      facts = {
        code: 'check_failed',
        check: id,
        details: [{ pointer: '', message: messageOf(error) }],
      };
    }
    if (facts !== undefined) return { check: id, facts };
  }
  return undefined;
}
