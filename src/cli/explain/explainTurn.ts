import { DISPATCH_CHECKS, PROPOSAL_CHECKS } from '../../gate/pipeline.js';
import type {
  AuthorizedCall,
  DispatchDecision,
  Gate,
  GateContext,
  Refusal,
  TurnDecision,
} from '../../gate/types.js';
import { citeDenyEntry } from './citeDenyEntry.js';
import { describePassingCheck } from './describePassingCheck.js';
import { describeScope } from './describeScope.js';
import type { CallExplanation, CheckExplanation, ExplainScope, TurnExplanation } from './types.js';

/** Every built-in check id, in the gate's order. */
const CHECK_IDS: readonly string[] = [...PROPOSAL_CHECKS, ...DISPATCH_CHECKS].map(
  (entry) => entry.id,
);

/**
 * Explains a decided turn: for every call, every check in the gate's order
 * with its verdict, and for each pass the grant entry that let it through.
 *
 * Each call is decided on its own, through the gate's public stages
 * (`checkTurn` on a one-call turn, then `checkDispatch`), so a call is
 * shown as far as its own first refusal even when another call of the
 * turn is what the gate reports; checks after a refusal are "not run",
 * as in the gate. `decision` is the gate's verdict on the whole turn
 * (`authorize`), which the caller reports as the answer. `dispatch` is the
 * dispatch stage the decision used (`check --approve` approves as it goes).
 */
export function explainTurn(
  gate: Gate,
  turn: unknown,
  context: GateContext,
  decision: TurnDecision,
  scope: ExplainScope,
  dispatch: (
    call: AuthorizedCall,
    context: GateContext,
  ) => { readonly verdict: DispatchDecision } = (call, at) => ({
    verdict: gate.checkDispatch(call, at),
  }),
): TurnExplanation {
  if (decision.settled === 'answer') return { kind: 'answer' };
  if (decision.settled === 'rejected' && !CHECK_IDS.includes(decision.refusal.check)) {
    // Decoding, the context or the gate itself: nothing per call to show.
    return { kind: 'turn_refused', refusal: decision.refusal };
  }
  // INVARIANT: the turn decoded (no turn-level refusal), so it is JSON with a non-empty calls list.
  const envelope = (typeof turn === 'string' ? JSON.parse(turn) : turn) as {
    readonly calls: readonly Record<string, unknown>[];
  };
  return {
    kind: 'calls',
    calls: envelope.calls.map((call, index) =>
      explainCall(gate, dispatch, call, index, context, scope),
    ),
  };
}

function explainCall(
  gate: Gate,
  dispatch: (call: AuthorizedCall, context: GateContext) => { readonly verdict: DispatchDecision },
  raw: Record<string, unknown>,
  callIndex: number,
  context: GateContext,
  scope: ExplainScope,
): CallExplanation {
  const proposed = gate.checkTurn({ calls: [raw] }, context);
  let refusal: Refusal | undefined;
  let call: AuthorizedCall | undefined;
  if (proposed.settled === 'rejected') {
    refusal = { ...proposed.refusal, callIndex };
  } else if (proposed.settled === 'tool') {
    call = proposed.calls[0];
    const dispatched = call === undefined ? undefined : dispatch(call, context).verdict;
    if (dispatched?.allowed === false) refusal = { ...dispatched.refusal, callIndex };
  }
  const ref = call?.ref ?? refusal?.ref ?? `${String(raw.tool)}@${String(raw.version)}`;
  const stop = refusal === undefined ? CHECK_IDS.length : CHECK_IDS.indexOf(refusal.check);
  const checks = CHECK_IDS.map((id, index): CheckExplanation => {
    if (index < stop)
      return {
        id,
        verdict: 'pass',
        ...describePassingCheck(id, { ref, raw, call }, context, scope),
      };
    if (index === stop && refusal !== undefined) {
      const scopeNote = describeScope(id, context, scope.agent?.name);
      const denyNote = citeDenyEntry(refusal, scope);
      return {
        id,
        verdict: 'refused',
        notes: [denyNote, scopeNote].filter((note) => note !== undefined),
        matched: [],
        refusal,
      };
    }
    return { id, verdict: 'not_run', notes: ['not run: the call is already refused'], matched: [] };
  });
  const outside = refusal !== undefined && stop === -1 ? { refusal } : {};
  return { callIndex, ref, arguments: call?.arguments ?? raw.arguments, checks, ...outside };
}
