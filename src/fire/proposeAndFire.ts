import type { Gate, GateContext } from '../gate/types.js';
import type { DispatchOptions, Run } from '../run/types.js';
import { RUN_DISPATCH_CHECK } from '../run/refuseDispatch.js';
import { readFireOptions } from './readFireOptions.js';
import { refusedOutcome, settleFire } from './settleFire.js';
import type { FireOptions, FireOutcome, ToolHandlers } from './types.js';

/** Who decides a call an adapter receives: a run (budgets and records), or a gate and a fixed context. */
export type FireBinding =
  { readonly run: Run } | { readonly gate: Gate; readonly context: GateContext };

/** One call as a provider or protocol delivers it, before any check. */
export interface CallProposal {
  readonly tool: string;
  readonly version: number;
  readonly shape?: string;
  readonly arguments: unknown;
}

/**
 * Runs both stages on one call that arrived on its own (an MCP `tools/call`,
 * an AI SDK `execute`), as a turn of that one call, then fires it. A
 * rejected turn is a refused outcome whose text is the reason. With a run,
 * the turn and its end are recorded and the budgets apply; a dead-lettered
 * turn is refused with the run's own guard (no reason from the gate is shown).
 * Nothing asynchronous happens between the proposal and the dispatch, so
 * calls fired concurrently cannot interleave there. `dispatchOptions`
 * carry an approval token for the dispatch stage.
 *
 * // ({ tool: 'weather', version: 1, arguments: { city: 'Oslo' } }, handler, {}, { run })
 * // => { status: 'ok', … } | { status: 'refused', refusal, text: refusal.reason } | …
 */
export function proposeAndFire(
  proposal: CallProposal,
  handlers: ToolHandlers,
  options: FireOptions,
  binding: FireBinding,
  dispatchOptions?: DispatchOptions,
): Promise<FireOutcome> {
  const turn = { calls: [proposal] };
  if ('run' in binding) {
    const record = binding.run.propose(turn);
    if (record.settled === 'rejected' && record.refusal !== undefined)
      return Promise.resolve(refusedOutcome(record.refusal));
    const call = record.calls?.[0];
    if (record.settled !== 'tool' || call === undefined) {
      const reason = 'the run is dead_lettered, so nothing more may be dispatched';
      return Promise.resolve(
        refusedOutcome({ check: RUN_DISPATCH_CHECK, code: 'check_refused', reason }),
      );
    }
    return binding.run.fire(call, handlers, options, dispatchOptions);
  }
  const read = readFireOptions(options, 'proposeAndFire');
  const decision = binding.gate.checkTurn(turn, binding.context);
  if (decision.settled === 'rejected') return Promise.resolve(refusedOutcome(decision.refusal));
  const call = decision.settled === 'tool' ? decision.calls[0] : undefined;
  // INVARIANT: a turn of one call settles tool or rejected; an answer cannot come back.
  if (call === undefined)
    return Promise.resolve(
      refusedOutcome({
        check: 'proposal.decode',
        code: 'malformed_proposal',
        reason: 'the call was not read as a tool call',
      }),
    );
  const verdict = binding.gate.checkDispatch(
    call,
    dispatchOptions?.approval === undefined
      ? binding.context
      : { ...binding.context, approval: dispatchOptions.approval },
  );
  if (!verdict.allowed) return Promise.resolve(refusedOutcome(verdict.refusal));
  const { grant, cwd, step } = binding.context;
  return settleFire(verdict.call, handlers, read, {
    grant,
    ...(cwd === undefined ? {} : { cwd }),
    ...(step === undefined ? {} : { step }),
  });
}
