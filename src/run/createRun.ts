import { assertHandlers, readFireOptions } from '../fire/readFireOptions.js';
import { refusedOutcome, settleFire } from '../fire/settleFire.js';
import type { FireOptions, FireOutcome, ToolHandlers } from '../fire/types.js';
import { isSecretName } from '../scope/secret/isSecretName.js';
import type { AuthorizedCall, DispatchDecision, GateContext, Step } from '../gate/types.js';
import { USED_APPROVALS } from '../gate/usedApprovals.js';
import { buildTurnRecords } from './buildTurnRecords.js';
import { digestToolEntry } from './digestToolEntry.js';
import { findLatestCall } from './findLatestCall.js';
import { readDispatchOptions } from './readDispatchOptions.js';
import { readProposeOptions } from './readProposeOptions.js';
import { readRunOptions } from './readRunOptions.js';
import { redactRefusal } from './redactRefusal.js';
import { refuseDispatch } from './refuseDispatch.js';
import { settleTurn } from './settleTurn.js';
import { summarizeRecords } from './summarizeRecords.js';
import type {
  DispatchOptions,
  DispatchRecord,
  FireRecord,
  RecordedTool,
  Run,
  RunEntry,
  RunOptions,
  RunStatus,
  Spent,
  TurnRecord,
} from './types.js';

/** The latest tool turn's calls, as authorized, and which were dispatched. */
interface LatestCalls {
  readonly index: number;
  readonly step: Step | undefined;
  readonly calls: readonly AuthorizedCall[];
  readonly dispatched: boolean[];
}

/**
 * Starts a run (SPEC §8): `propose` runs the proposal stage on each turn
 * under the turn and tool-call budgets and records how it settled;
 * `dispatch` runs the dispatch stage on one call of the latest turn;
 * `fire` dispatches it and, if allowed, runs its handler (`fire`);
 * `summary` and `records` read the history back.
 *
 * Throws `ToolgateError` (`invalid_option`, `invalid_grant`) for bad options,
 * including a grant naming a tool the gate's registry lists as never
 * grantable. Deciding never throws a refusal; a sink that throws stops the
 * turn or dispatch it was recording, which then never happened.
 *
 * // const run = createRun({ gate, grant, budgets: { turns: 4 } });
 * // run.propose('{"answer":"done"}') => { index: 0, settled: 'answer', answer: 'done', spent: { turns: 1, toolCalls: 0 } }
 */
export function createRun(options: RunOptions): Run {
  const config = readRunOptions(options);
  const { gate, registry, grant, steps, budgets, cwd, visible, sink, id } = config;
  const secrets = config.compiledGrant.secrets;
  const keepSecret = (value: unknown) => isSecretName(value) && secrets.matches(value);
  const stored: TurnRecord[] = [];
  let latest: LatestCalls | undefined;
  let status: RunStatus = 'pending';
  let spent: Spent = { turns: 0, toolCalls: 0 };
  /** The approval tokens this run has accepted: each is accepted once. */
  const usedApprovals = new Set<string>();

  const contextFor = (step: Step | undefined): GateContext => ({
    grant,
    ...(step === undefined ? {} : { step }),
    ...(cwd === undefined ? {} : { cwd }),
    ...(visible === undefined ? {} : { visible }),
  });
  const write = (entry: RunEntry) =>
    sink?.write(Object.freeze(id === undefined ? entry : { ...entry, run: id }));

  const propose = (turn: unknown, proposeOptions?: unknown): TurnRecord => {
    const stepName = readProposeOptions(proposeOptions, steps);
    const step = stepName === undefined ? undefined : steps.get(stepName);
    const left = {
      ...(budgets.turns === undefined ? {} : { turns: budgets.turns - spent.turns }),
      ...(budgets.toolCalls === undefined
        ? {}
        : { toolCalls: budgets.toolCalls - spent.toolCalls }),
    };
    // A dead-lettered run, or one with no turn left, checks nothing more.
    const checked = status !== 'dead_lettered' && left.turns !== 0;
    const decision = checked ? gate.checkTurn(turn, contextFor(step)) : undefined;
    const settlement = settleTurn(decision, left);
    const index = stored.length;
    const records = buildTurnRecords({
      index,
      step: stepName,
      ...settlement,
      decision,
      resolve: registry.resolve,
      keepSecret,
    });
    write({ type: 'turn', record: records.stored });
    // Committed only once the sink took the record: an unrecorded turn never happened.
    stored.push(records.stored);
    spent = {
      turns: spent.turns + settlement.spent.turns,
      toolCalls: spent.toolCalls + settlement.spent.toolCalls,
    };
    if (settlement.settled === 'dead_lettered') status = 'dead_lettered';
    else status = settlement.settled === 'answer' ? 'answer' : 'pending';
    const calls = records.live.calls;
    latest =
      calls === undefined ? undefined : { index, step, calls, dispatched: calls.map(() => false) };
    return records.live;
  };

  const dispatch = (call: unknown, dispatchOptions?: DispatchOptions): DispatchDecision => {
    const approval = readDispatchOptions(dispatchOptions);
    if (status === 'dead_lettered')
      return refuseDispatch('the run is dead_lettered, so nothing more may be dispatched');
    const found =
      latest === undefined ? undefined : findLatestCall(call, latest.calls, latest.dispatched);
    if (latest === undefined || found === undefined)
      return refuseDispatch('the call was not authorized in the latest turn of this run');
    if (found === 'dispatched') return refuseDispatch('the call was already dispatched');
    // INVARIANT: found indexes latest.calls; the gate gets the call exactly as it authorized it.
    const authorized = latest.calls[found] as AuthorizedCall;
    const entry = registry.resolve(authorized.ref);
    // The used tokens travel under a key the package does not export (see USED_APPROVALS).
    const context: GateContext & { readonly [USED_APPROVALS]: ReadonlySet<string> } = {
      ...contextFor(latest.step),
      ...(approval === undefined ? {} : { approval }),
      [USED_APPROVALS]: usedApprovals,
    };
    const verdict = gate.checkDispatch(authorized, context);
    const digest = entry === undefined ? undefined : digestToolEntry(entry);
    const record: DispatchRecord = Object.freeze({
      callIndex: found,
      ref: authorized.ref,
      allowed: verdict.allowed,
      ...(verdict.allowed ? {} : { refusal: redactRefusal(verdict.refusal) }),
      ...(digest === undefined ? {} : { digest }),
    });
    const turn = stored[latest.index] as TurnRecord;
    const known = turn.tools ?? [];
    const tool: RecordedTool | undefined =
      entry === undefined || digest === undefined || known.some((used) => used.digest === digest)
        ? undefined
        : Object.freeze({ ref: authorized.ref, digest, entry });
    write({
      type: 'dispatch',
      turn: latest.index,
      dispatch: record,
      ...(tool === undefined ? {} : { tool }),
    });
    stored[latest.index] = Object.freeze({
      ...turn,
      tools: tool === undefined ? known : Object.freeze([...known, tool]),
      dispatches: Object.freeze([...(turn.dispatches ?? []), record]),
    });
    latest.dispatched[found] = true;
    // Used only once its dispatch is allowed, and only by a call that needed it (SPEC §13).
    if (verdict.allowed && approval !== undefined && config.compiledGrant.ask.has(authorized.ref))
      usedApprovals.add(approval);
    return verdict;
  };

  // run.fire: dispatch (recorded as above), the handler outside the run, then its end recorded on the turn.
  const fire = (
    call: unknown,
    handlers: ToolHandlers,
    options?: FireOptions,
  ): Promise<FireOutcome> => {
    const fireOptions = readFireOptions(options, 'run.fire');
    assertHandlers(handlers, 'run.fire');
    const verdict = dispatch(call);
    if (!verdict.allowed) return Promise.resolve(refusedOutcome(verdict.refusal));
    // INVARIANT: an allowed dispatch was just recorded as the last dispatch of the latest turn.
    const { index: turn, step } = latest as LatestCalls;
    const callIndex = (stored[turn]?.dispatches?.at(-1) as DispatchRecord).callIndex;
    const scope = {
      grant,
      ...(cwd === undefined ? {} : { cwd }),
      ...(step === undefined ? {} : { step }),
    };
    return settleFire(verdict.call, handlers, fireOptions, scope).then((outcome) => {
      if (outcome.status === 'refused') return outcome;
      const record: FireRecord = Object.freeze({
        callIndex,
        ref: verdict.call.ref,
        status: outcome.status,
      });
      write({ type: 'fire', turn, fire: record });
      const kept = stored[turn] as TurnRecord;
      stored[turn] = Object.freeze({
        ...kept,
        fires: Object.freeze([...(kept.fires ?? []), record]),
      });
      return outcome;
    });
  };

  return Object.freeze({
    propose,
    dispatch,
    fire,
    get status() {
      return status;
    },
    budgets,
    summary: () => summarizeRecords(stored, [...steps.keys()]),
    records: () => Object.freeze([...stored]),
  });
}
