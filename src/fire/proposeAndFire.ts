import { extend } from '../data/extend.js';
import type { Gate, GateContext } from '../gate/types.js';
import { SESSION, TOOL_READINGS, type ToolReading } from '../gate/toolReadings.js';
import { FIRE_TURN, type RunInternals } from '../run/runInternals.js';
import type { DispatchOptions, ProposeOptions, Run, TurnRecord } from '../run/types.js';
import { RUN_DISPATCH_CHECK } from '../run/refuseDispatch.js';
import { readFireOptions } from './readFireOptions.js';
import { refusedOutcome, settleFire } from './settleFire.js';
import type { FireOptions, FireOutcome, ToolHandlers } from './types.js';

/** Who decides a call an adapter receives: a run (budgets and records), or a gate and a fixed context. */
export type FireBinding =
  | {
      readonly run: Run;
      /** (rev 3) The session of a run several sessions share, recorded on each turn. */
      readonly session?: string;
    }
  | { readonly gate: Gate; readonly context: GateContext };

/** One call as a provider or protocol delivers it, before any check. */
export interface CallProposal {
  readonly tool: string;
  readonly version: number;
  readonly shape?: string;
  readonly arguments: unknown;
  /**
   * (rev 3) How the tool's own schema reads the arguments, for an adapter
   * whose tool parses them after the gate: the proposal stage refuses
   * `bad_arguments` where it changes a scoped value (SPEC §14.1).
   */
  readonly reading?: ToolReading;
}

/**
 * Runs both stages on one call that arrived on its own (an MCP `tools/call`,
 * an AI SDK `execute`), as a turn of that one call, then fires it. A
 * rejected turn is a refused outcome whose text is the reason. With a run,
 * the turn and its end are recorded and the budgets apply; a dead-lettered
 * turn is refused with the run's own guard (no reason from the gate is shown).
 * The proposal and the dispatch are one step of the run (one slot of its
 * queue with an asynchronous sink or ledger), so calls fired concurrently
 * cannot interleave there. `dispatchOptions`
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
  const { reading, ...call } = proposal;
  const turn = { calls: [call] };
  const readings = reading === undefined ? undefined : { [TOOL_READINGS]: [reading] };
  if ('run' in binding) {
    // One object for the readings and the session, each key only when it has a value.
    const { session } = binding;
    const proposeOptions = (
      reading === undefined
        ? session === undefined
          ? undefined
          : { [SESSION]: session }
        : session === undefined
          ? readings
          : { [TOOL_READINGS]: [reading], [SESSION]: session }
    ) as ProposeOptions | undefined;
    // One step of the run, so concurrent calls cannot interleave, with a sync or an async store.
    const fireTurn = (binding.run as Run & Partial<RunInternals>)[FIRE_TURN];
    if (fireTurn !== undefined)
      return fireTurn(turn, proposeOptions, handlers, options, dispatchOptions).then(
        ({ record, outcome }) => outcome ?? outcomeOfUnfired(record),
      );
    // A run of another copy of toolgate (the other build): its public forms, synchronous up to
    // the handler, as before revision 3 (so a sync store only).
    const record = binding.run.propose(turn, proposeOptions);
    const authorized = record.settled === 'tool' ? record.calls[0] : undefined;
    if (authorized === undefined) return Promise.resolve(outcomeOfUnfired(record));
    return binding.run.fire(authorized, handlers, options, dispatchOptions);
  }
  const read = readFireOptions(options, 'proposeAndFire');
  const decision = binding.gate.checkTurn(
    turn,
    readings === undefined ? binding.context : extend(binding.context, readings),
  );
  if (decision.settled === 'rejected') return Promise.resolve(refusedOutcome(decision.refusal));
  const authorized = decision.settled === 'tool' ? decision.calls[0] : undefined;
  // INVARIANT: a turn of one call settles tool or rejected; an answer cannot come back.
  if (authorized === undefined)
    return Promise.resolve(
      refusedOutcome({
        check: 'proposal.decode',
        code: 'malformed_proposal',
        reason: 'the call was not read as a tool call',
      }),
    );
  const verdict = binding.gate.checkDispatch(
    authorized,
    dispatchOptions?.approval === undefined
      ? binding.context
      : extend(binding.context, { approval: dispatchOptions.approval }),
  );
  if (!verdict.allowed) return Promise.resolve(refusedOutcome(verdict.refusal));
  const { grant, cwd, step } = binding.context;
  return settleFire(verdict.call, handlers, read, {
    grant,
    ...(cwd === undefined ? {} : { cwd }),
    ...(step === undefined ? {} : { step }),
  });
}

/** The outcome of a turn whose call was not fired: its refusal, or the dead-letter guard's. */
function outcomeOfUnfired(record: TurnRecord): FireOutcome {
  if (record.settled === 'rejected') return refusedOutcome(record.refusal);
  const reason = 'the run is dead_lettered, so nothing more may be dispatched';
  return refusedOutcome({ check: RUN_DISPATCH_CHECK, code: 'check_refused', reason });
}
