import type { CompiledFlow, CompiledLabel } from '../../grant/readFlowRules.js';
import { pass, type Check, type CheckContext } from '../Check.js';
import { findLabelTouches } from '../flows/findLabelTouches.js';
import type { TouchedLabel } from '../types.js';

/**
 * Check `dispatch.flow`: for each flow rule whose `after` label the run has
 * touched (`context.touched`), a call that touches one of its `deny` labels
 * is refused, `flow_denied`, naming the rule, the earlier call that touched
 * the `after` label and this call's value that touches the denied one. A
 * grant without flows pays one property read; a run that touched none of
 * the `after` labels, one scan of its touched list.
 */
export const isFlowAllowed: Check = (call, ctx) => {
  // A grant without flows (the common case) allocates nothing here.
  if (ctx.compiledGrant.flows === undefined) return pass;
  const active = activeFlows(ctx);
  if (active.length === 0) return pass;
  const denying = active.filter((entry) => entry.flow.deny.length > 0);
  if (denying.length === 0) return pass;
  const labels = ctx.compiledGrant.labels;
  // INVARIANT: createGrant refused a flow naming a label it does not have.
  if (labels === undefined) return pass;
  const wanted = new Set(denying.flatMap((entry) => entry.flow.deny));
  const touches = findLabelTouches(call, ctx, labelsNamed(labels, wanted));
  for (const { flow, earlier } of denying) {
    for (const label of flow.deny) {
      const touch = touches.get(label);
      if (touch === undefined) continue;
      return {
        code: 'flow_denied',
        after: flow.after,
        ref: call.ref,
        label,
        details: [
          {
            pointer: touch.pointer,
            message: `the flow { after: ${flow.after}, deny: ${label} } refuses ${touch.value}: ${describeEarlier(earlier)} touched ${flow.after}`,
            flow: flow.rule,
            touched: earlier,
            value: touch.value,
          },
        ],
      };
    }
  }
  return pass;
};

/** The flow rules in force for this call: those whose `after` label the run touched, each with the touch. */
export function activeFlows(
  ctx: CheckContext,
): readonly { readonly flow: CompiledFlow; readonly earlier: TouchedLabel }[] {
  const flows = ctx.compiledGrant.flows;
  const touched = ctx.touched;
  if (flows === undefined || touched === undefined || touched.length === 0) return [];
  const active: { flow: CompiledFlow; earlier: TouchedLabel }[] = [];
  for (const flow of flows) {
    const earlier = touched.find((entry) => entry.label === flow.after);
    if (earlier !== undefined) active.push({ flow, earlier });
  }
  return active;
}

/** The compiled labels of these names, in the grant's order. */
export function labelsNamed(
  labels: ReadonlyMap<string, CompiledLabel>,
  names: ReadonlySet<string>,
): CompiledLabel[] {
  return [...labels.values()].filter((label) => names.has(label.name));
}

function describeEarlier(earlier: TouchedLabel): string {
  const where =
    earlier.turn === undefined
      ? ''
      : ` (turn ${String(earlier.turn)}${earlier.callIndex === undefined ? '' : `, call ${String(earlier.callIndex)}`})`;
  return `an earlier call to ${earlier.ref}${where}`;
}
