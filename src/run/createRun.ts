import { extend } from '../data/extend.js';
import { hasOwn } from '../data/hasOwn.js';
import { assertHandlers, readFireOptions } from '../fire/readFireOptions.js';
import { refusedOutcome, settleFire } from '../fire/settleFire.js';
import type { FireOptions, FireOutcome, ToolHandlers } from '../fire/types.js';
import { isSecretName } from '../scope/secret/isSecretName.js';
import { limitsOfGate } from '../gate/gateLimits.js';
import type {
  AuthorizedCall,
  DispatchDecision,
  GateContext,
  Refusal,
  Step,
  TouchedLabel,
} from '../gate/types.js';
import { flowsOfGate } from '../gate/gateFlows.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { createQueue } from './createQueue.js';
import { createTurnStore } from './createTurnStore.js';
import type { LedgerState, RunLedger } from './ledgerTypes.js';
import { backOff, isLedgerOverspent, MAX_LEDGER_ATTEMPTS } from './isLedgerOverspent.js';
import { refuseLedgerDispatch, refuseLedgerTurn } from './refuseLedgerFailure.js';
import { isThenable, type RunEffect, type RunSteps } from './runEffects.js';
import { runStepsAsync } from './runStepsAsync.js';
import { runStepsSync } from './runStepsSync.js';
import {
  FIRE_TURN,
  LATEST_ONLY,
  PROPOSE_AWAITED,
  WRITE_BATCH,
  type BatchSink,
  type RunInternalOptions,
  type RunInternals,
} from './runInternals.js';
import { effectFailure, isEffectFailure } from './effectFailure.js';
import { refuseStoreDispatch, refuseStoreTurn } from './refuseStoreFailure.js';
import { buildTurnRecords } from './buildTurnRecords.js';
import { digestToolEntry } from './digestToolEntry.js';
import { findLatestCall } from './findLatestCall.js';
import { letTurnThrough } from './letTurnThrough.js';
import { limitCallsPerTurn } from './limitCallsPerTurn.js';
import { markAudit } from './markAudit.js';
import { toRefusal } from '../gate/toRefusal.js';
import { REFUSED_BEFORE_RUN, SESSION, TOOL_READINGS } from '../gate/toolReadings.js';
import { USED_APPROVALS, type UsedApprovals } from '../gate/usedApprovals.js';
import { readApprovalId, readDispatchOptions } from './readDispatchOptions.js';
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
  RecordSink,
  Run,
  RunEntry,
  RunOptions,
  RunStatus,
  Spent,
  ToolTurnRecord,
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
  const { gate, registry, grant, steps, budgets, cwd, visible, sink, id, enforce, ledger } = config;
  const isAsync = sink?.async === true || ledger?.async === true;
  // (rev 3) toolgate mcp's own run, which nothing reads back, keeps its latest turn only.
  const latestOnly =
    hasOwn(options, LATEST_ONLY) && (options as RunInternalOptions)[LATEST_ONLY] === true;
  const limits = limitsOfGate(gate);
  const secrets = config.compiledGrant.secrets;
  const keepSecret = (value: unknown) => isSecretName(value) && secrets.matches(value);
  // Every turn's record, or (toolgate mcp's own run, LATEST_ONLY) the latest turn's alone.
  const turns = createTurnStore(latestOnly);
  let latest: LatestCalls | undefined;
  let status: RunStatus = 'pending';
  let spent: Spent = { turns: 0, toolCalls: 0 };
  // Audit mode: whether enforcing would have dead-lettered the run by now.
  let wouldBeDead = false;
  /** The approval tokens this run has accepted: each is accepted once. */
  const usedApprovals = new Set<string>();
  /** The labels the run's allowed dispatches touched (every dispatch, in audit mode), each once. */
  let touched: readonly TouchedLabel[] = Object.freeze([]);
  const gateFlows = flowsOfGate(gate);
  const hasLabels = config.compiledGrant.labels !== undefined;

  /** The gate's context for a step; `extra` (a dispatch's approval and used tokens) goes last. */
  const contextFor = <E extends object = object>(
    step: Step | undefined,
    readings?: unknown,
    seenTouched: readonly TouchedLabel[] = touched,
    extra?: E,
  ): GateContext & E => ({
    grant,
    ...(step === undefined ? {} : { step }),
    ...(cwd === undefined ? {} : { cwd }),
    ...(visible === undefined ? {} : { visible }),
    ...(seenTouched.length === 0 ? {} : { touched: seenTouched }),
    // An adapter's readings of the turn's calls travel under a key the package does not export;
    // the gate reads them (and refuses the turn when they cannot be read).
    ...(readings === undefined ? {} : { [TOOL_READINGS]: readings }),
    ...(extra as E),
  });
  const stamp = (entry: RunEntry): RunEntry =>
    Object.freeze(id === undefined ? entry : extend(entry, { run: id }));
  const write = (entry: RunEntry) => sink?.write(stamp(entry));
  // (rev 3) A sync sink that can commit several entries at once: fireTurn records a one-call turn
  // and its dispatch in one commit. Not with a ledger, whose effects could not be undone.
  const writeBatch = isAsync || ledger !== undefined ? undefined : batchWriterOf(sink);

  // propose and dispatch are written once, as steps yielding effects (see runEffects).
  function* proposeSteps(
    turn: unknown,
    proposeOptions?: unknown,
    attempt = 1,
  ): RunSteps<TurnRecord> {
    const stepName = readProposeOptions(proposeOptions, steps);
    const step = stepName === undefined ? undefined : steps.get(stepName);
    // With a ledger, the budgets left are the ledger's, shared by every run of this id.
    const shared = ledger === undefined ? undefined : yield { kind: 'ledger-read' };
    if (isEffectFailure(shared)) return refuseLedgerTurn(turns.count(), stepName, shared);
    const seen = shared as LedgerState | undefined;
    if (seen?.dead === true && enforce) status = 'dead_lettered';
    const base = seen ?? spent;
    const left: { turns?: number; toolCalls?: number } = {};
    if (budgets.turns !== undefined) left.turns = budgets.turns - base.turns;
    if (budgets.toolCalls !== undefined) left.toolCalls = budgets.toolCalls - base.toolCalls;
    // A dead-lettered run, or one with no turn left, checks nothing more; audit mode checks every turn.
    const checked = !enforce || (status !== 'dead_lettered' && left.turns !== 0);
    const readings =
      typeof proposeOptions === 'object' &&
      proposeOptions !== null &&
      hasOwn(proposeOptions, TOOL_READINGS)
        ? (proposeOptions as Record<PropertyKey, unknown>)[TOOL_READINGS]
        : undefined;
    const before = refusalBeforeRun(proposeOptions);
    const proposed = !checked
      ? undefined
      : before === undefined
        ? gate.checkTurn(turn, contextFor(step, readings))
        : ({ settled: 'rejected', refusal: before } as const);
    const decision = limitCallsPerTurn(proposed, budgets.callsPerTurn);
    const enforced = settleTurn(wouldBeDead ? undefined : decision, left);
    // Audit mode lets a refused turn through with all its calls, unless there are none to let
    // through; a refusal from before the run has nothing the run could let through.
    const wouldRefuse =
      !enforce && before === undefined && decision?.settled === 'rejected'
        ? decision.refusal
        : undefined;
    const passed =
      wouldRefuse === undefined
        ? decision
        : proposed?.settled === 'tool'
          ? proposed
          : limits && letTurnThrough(turn, limits, registry.resolve);
    const settlement = enforce ? enforced : settleTurn(passed ?? decision, {});
    const index = turns.count();
    const session = sessionOf(proposeOptions);
    let records = buildTurnRecords({
      index,
      step: stepName,
      ...(session === undefined ? {} : { session }),
      ...settlement,
      decision: passed ?? decision,
      resolve: registry.resolve,
      keepSecret,
    });
    if (!enforce) {
      records = markAudit(
        records,
        passed === undefined ? undefined : wouldRefuse,
        enforced.settled,
      );
    }
    if (seen !== undefined) {
      const add = extend(settlement.spent, {
        dead: enforce && settlement.settled === 'dead_lettered',
      });
      const swapped = yield { kind: 'ledger-spend', seen, add };
      if (isEffectFailure(swapped)) return refuseLedgerTurn(index, stepName, swapped);
      // Another process spent first: decide again on the fresh state.
      if (swapped !== true) {
        if (attempt >= MAX_LEDGER_ATTEMPTS)
          return refuseLedgerTurn(index, stepName, { failed: 'it stayed too busy to spend on' });
        return yield* proposeSteps(turn, proposeOptions, attempt + 1);
      }
    }
    const took = yield { kind: 'record', entry: { type: 'turn', record: records.stored } };
    if (isEffectFailure(took)) return refuseStoreTurn(index, stepName, took);
    if (!enforce) wouldBeDead ||= enforced.settled === 'dead_lettered';
    // Committed only once the sink took the record: an unrecorded turn never happened.
    turns.push(records.stored);
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
  }

  function* dispatchSteps(
    call: unknown,
    approval?: string,
    approvalId?: string,
    attempt = 1,
    tokenAccepted = false,
  ): RunSteps<DispatchDecision> {
    // The labels every process of this run id touched, as the ledger shows them (a grant with labels).
    let sharedTouched: readonly TouchedLabel[] | undefined;
    // With a ledger, confirm the run's shared state first: reachable, not overspent elsewhere.
    if (ledger !== undefined && status !== 'dead_lettered') {
      const shared = yield { kind: 'ledger-read' };
      if (isEffectFailure(shared)) return refuseLedgerDispatch(shared);
      if (enforce && isLedgerOverspent(shared as LedgerState, budgets))
        return refuseDispatch('the run ledger shows this run spent past its budget elsewhere');
      if (hasLabels) sharedTouched = (shared as LedgerState).touched ?? NO_TOUCHES;
    }
    // What the gate decides this dispatch on: the ledger's labels, then any only this process knows.
    const runTouched = sharedTouched === undefined ? touched : mergeTouches(sharedTouched, touched);
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
    // What is used once: the token, or (toolgate mcp, SPEC §14.4) the token under one person's yes.
    const useKey =
      approval === undefined || approvalId === undefined ? approval : `${approval}#${approvalId}`;
    const used: UsedApprovals =
      approvalId === undefined
        ? usedApprovals
        : { has: (token) => usedApprovals.has(`${token}#${approvalId}`) };
    // The used tokens travel under a key the package does not export (see USED_APPROVALS).
    const context: GateContext & { readonly [USED_APPROVALS]: UsedApprovals } = contextFor(
      latest.step,
      undefined,
      runTouched,
      approval === undefined ? { [USED_APPROVALS]: used } : { approval, [USED_APPROVALS]: used },
    );
    const checked = gate.checkDispatch(authorized, context);
    // What the call touches, and whether it needed an approval (the grant's ask, or a flow rule).
    const inspected =
      hasLabels || (checked.allowed && approval !== undefined)
        ? gateFlows?.inspect(authorized, context)
        : undefined;
    // An approval this process has not seen may have been used by another runtime of this run id:
    // with a ledger, the ledger accepts each token once, and only for a dispatch the gate allowed.
    // A call whose touches could not be found (a realpath that threw) is refused, never let through.
    const failed = inspected?.failed;
    const approved =
      failed === undefined &&
      checked.allowed &&
      approval !== undefined &&
      (config.compiledGrant.ask.has(authorized.ref) || inspected?.asked === true);
    // An earlier check's refusal stands (check order); the failure refuses a call the gate allowed.
    let decided: DispatchDecision =
      failed === undefined || !checked.allowed
        ? checked
        : Object.freeze({ allowed: false, refusal: failed });
    // A dispatch decided again (its touches lost a race) already holds the token it accepted.
    let accepted: unknown = tokenAccepted;
    if (approved && ledger !== undefined && !tokenAccepted) {
      accepted = yield { kind: 'ledger-approval', token: useKey as string };
      if (isEffectFailure(accepted)) return refuseLedgerDispatch(accepted);
      if (accepted !== true)
        decided = Object.freeze({
          allowed: false,
          refusal: toRefusal(
            'dispatch.approval',
            { code: 'approval_reused' },
            undefined,
            authorized.ref,
          ),
        });
    }
    // Audit mode: a refused dispatch is let through, carrying the refusal it would have been.
    const verdict: DispatchDecision =
      enforce || decided.allowed
        ? decided
        : Object.freeze({ allowed: true, call: authorized, wouldRefuse: decided.refusal });
    // A label counts as touched once a dispatch that touches it is let through.
    const nextTouched =
      verdict.allowed && inspected?.touches !== undefined
        ? addTouches(runTouched, inspected.touches, latest.index, found, authorized.ref)
        : runTouched;
    // With a ledger, the new labels go in before the verdict is reported (SPEC §14.5): appended
    // only if no process touched anything since this dispatch read the ledger; otherwise the
    // dispatch is decided again on the fresh labels, so no verdict stands on a stale set.
    if (sharedTouched !== undefined && nextTouched !== runTouched) {
      const seen = sharedTouched;
      const labels = nextTouched.filter(
        (entry) => !seen.some((held) => held.label === entry.label),
      );
      const swapped = yield { kind: 'ledger-touch', seen, labels };
      if (isEffectFailure(swapped)) return refuseLedgerDispatch(swapped);
      if (swapped !== true) {
        if (attempt >= MAX_LEDGER_ATTEMPTS)
          return refuseLedgerDispatch({ failed: 'it stayed too busy to record touched labels on' });
        return yield* dispatchSteps(call, approval, approvalId, attempt + 1, accepted === true);
      }
    }
    const digest = entry === undefined ? undefined : digestToolEntry(entry);
    // INVARIANT: `latest` is set only for a tool turn (its calls), so its record is a tool turn's.
    const turn = turns.at(latest.index) as ToolTurnRecord;
    // The labels this let-through dispatch touched, by name (what `summary().labels` counts).
    const labelsTouched =
      verdict.allowed && inspected?.touches !== undefined && inspected.touches.size > 0
        ? Object.freeze(
            [...(config.compiledGrant.labels?.keys() ?? [])].filter((name) =>
              inspected.touches.has(name),
            ),
          )
        : undefined;
    // One literal per outcome, with no leading spread of a shared part: V8's optimized code gives
    // each `{ ...part, key }` a hidden class of its own (one per call, kept with the record, and
    // every read of a record then misses its inline cache); a literal's objects share one.
    const record: DispatchRecord = Object.freeze(
      verdict.allowed
        ? {
            callIndex: found,
            ref: authorized.ref,
            // The turn's session, so a row of a run several processes share names its turn.
            ...(turn.session === undefined ? {} : { session: turn.session }),
            allowed: true as const,
            ...(decided.allowed || enforce ? {} : { wouldRefuse: redactRefusal(decided.refusal) }),
            ...(labelsTouched === undefined ? {} : { touched: labelsTouched }),
            ...(enforce ? {} : { audit: true as const }),
            ...(digest === undefined ? {} : { digest }),
          }
        : {
            callIndex: found,
            ref: authorized.ref,
            ...(turn.session === undefined ? {} : { session: turn.session }),
            allowed: false as const,
            refusal: redactRefusal(verdict.refusal),
            ...(enforce ? {} : { audit: true as const }),
            ...(digest === undefined ? {} : { digest }),
          },
    );
    const known = turn.tools;
    const tool: RecordedTool | undefined =
      entry === undefined || digest === undefined || known.some((used) => used.digest === digest)
        ? undefined
        : Object.freeze({ ref: authorized.ref, digest, entry });
    const took = yield {
      kind: 'record',
      entry: {
        type: 'dispatch',
        turn: latest.index,
        dispatch: record,
        ...(tool === undefined ? {} : { tool }),
      },
    };
    if (isEffectFailure(took)) return refuseStoreDispatch(took);
    turns.replace(
      latest.index,
      Object.freeze(
        extend(turn, {
          tools: tool === undefined ? known : Object.freeze([...known, tool]),
          dispatches: Object.freeze([...turn.dispatches, record]),
        }),
      ),
    );
    latest.dispatched[found] = true;
    // Used only once its dispatch is allowed, and only by a call that needed it.
    if (decided.allowed && approved) usedApprovals.add(useKey as string);
    touched = nextTouched;
    return verdict;
  }

  // INVARIANT: a ledger effect is only yielded when the run has a ledger and so an id.
  const perform = (effect: RunEffect): unknown => {
    if (effect.kind === 'record') return write(effect.entry);
    const ledgered = ledger as RunLedger;
    if (effect.kind === 'ledger-read') return ledgered.read(id as string);
    if (effect.kind === 'ledger-approval')
      return ledgered.acceptApproval(id as string, effect.token);
    // INVARIANT: readRunOptions refused a grant with labels on a ledger without touch.
    if (effect.kind === 'ledger-touch')
      return (ledgered.touch as NonNullable<RunLedger['touch']>)(
        id as string,
        effect.seen,
        effect.labels,
      );
    return ledgered.spend(id as string, effect.seen, effect.add);
  };
  // A sync form cannot wait for an async sink: using it there is a programming error.
  const performSync = (effect: RunEffect): unknown => {
    const result = isAsync ? undefined : perform(effect);
    if (isAsync || isThenable(result))
      throw new ToolgateError(
        'invalid_option',
        'this run records to an asynchronous sink or ledger, so a sync call cannot wait until a record is durable; use run.proposeAsync and run.dispatchAsync',
      );
    return result;
  };
  // The async forms await each record; a store that fails makes the step refuse, not throw.
  const performAsync = async (effect: RunEffect): Promise<unknown> => {
    try {
      const result = await perform(effect);
      // Lost a race on the shared ledger: wait a little, at random, so contenders spread out.
      if ((effect.kind === 'ledger-spend' || effect.kind === 'ledger-touch') && result !== true)
        await backOff();
      return result;
    } catch (error) {
      return effectFailure(error);
    }
  };
  const queue = createQueue();
  const propose = (turn: unknown, proposeOptions?: unknown): TurnRecord =>
    runStepsSync(proposeSteps(turn, proposeOptions), performSync);
  const dispatch = (call: unknown, dispatchOptions?: DispatchOptions): DispatchDecision =>
    runStepsSync(
      dispatchSteps(call, readDispatchOptions(dispatchOptions), readApprovalId(dispatchOptions)),
      performSync,
    );
  const proposeAsync = (turn: unknown, proposeOptions?: unknown): Promise<TurnRecord> =>
    queue(() => runStepsAsync(proposeSteps(turn, proposeOptions), performAsync));
  const dispatchAsync = (
    call: unknown,
    dispatchOptions?: DispatchOptions,
  ): Promise<DispatchDecision> => {
    // Bad options throw at once, as programming errors, before anything is queued.
    const approval = readDispatchOptions(dispatchOptions);
    const approvalId = readApprovalId(dispatchOptions);
    return queue(() => runStepsAsync(dispatchSteps(call, approval, approvalId), performAsync));
  };

  // The turn, step, call index and session of the call just allowed, read before anything else
  // can run (a run that keeps its latest turn only may not hold this one when the call ends).
  const allowedFacts = (verdict: DispatchDecision) => {
    if (!verdict.allowed) return { verdict };
    // INVARIANT: an allowed dispatch was just recorded as the last dispatch of the latest turn.
    const { index: turn, step } = latest as LatestCalls;
    const record = turns.at(turn) as ToolTurnRecord;
    const callIndex = (record.dispatches.at(-1) as DispatchRecord).callIndex;
    return { verdict, turn, step, callIndex, session: record.session };
  };

  // run.fire: dispatch (recorded as above), the handler outside the run, then its end recorded on the turn.
  const fire = (
    call: unknown,
    handlers: ToolHandlers,
    options?: FireOptions,
    dispatchOptions?: DispatchOptions,
  ): Promise<FireOutcome> => {
    // Bad options throw at once, as programming errors; the rest settles later.
    const fireOptions = readFireOptions(options, 'run.fire');
    const approval = readDispatchOptions(dispatchOptions);
    const approvalId = readApprovalId(dispatchOptions);
    assertHandlers(handlers, 'run.fire');
    return fireChecked(call, handlers, fireOptions, approval, approvalId);
  };
  const fireChecked = async (
    call: unknown,
    handlers: ToolHandlers,
    fireOptions: ReturnType<typeof readFireOptions>,
    approval: string | undefined,
    approvalId: string | undefined,
  ): Promise<FireOutcome> => {
    const steps = () => dispatchSteps(call, approval, approvalId);
    const facts = isAsync
      ? await queue(() => runStepsAsync(steps(), performAsync).then(allowedFacts))
      : allowedFacts(runStepsSync(steps(), performSync));
    return finishFire(facts, handlers, fireOptions);
  };
  // After an allowed dispatch: the handler, outside the run's queue, then its end recorded.
  const finishFire = async (
    facts: ReturnType<typeof allowedFacts>,
    handlers: ToolHandlers,
    fireOptions: ReturnType<typeof readFireOptions>,
  ): Promise<FireOutcome> => {
    const { verdict, turn, step, callIndex, session } = facts;
    if (!verdict.allowed) return refusedOutcome(verdict.refusal);
    const scope = {
      grant,
      ...(cwd === undefined ? {} : { cwd }),
      ...(step === undefined ? {} : { step }),
    };
    const outcome = await settleFire(verdict.call, handlers, fireOptions, scope);
    if (outcome.status === 'refused' || turn === undefined) return outcome;
    const record: FireRecord = Object.freeze({
      callIndex,
      ref: verdict.call.ref,
      ...(session === undefined ? {} : { session }),
      status: outcome.status,
      ...(enforce ? {} : { audit: true as const }),
    });
    const keep = () => {
      // INVARIANT: only a tool turn's calls fire. A turn no longer held needs no end added.
      const kept = turns.at(turn) as ToolTurnRecord | undefined;
      if (kept !== undefined)
        turns.replace(
          turn,
          Object.freeze(extend(kept, { fires: Object.freeze([...(kept.fires ?? []), record]) })),
        );
      return outcome;
    };
    if (!isAsync) {
      write({ type: 'fire', turn, fire: record });
      return keep();
    }
    return queue(async () => {
      await write({ type: 'fire', turn, fire: record });
      return keep();
    });
  };

  /**
   * Proposes a turn and dispatches its one call with their records held back, then writes both
   * in one commit. A commit that throws puts the run back as it was before the turn (no turn,
   * no dispatch, no budget spent, no approval used) and gives the sink's error back: the turn
   * never happened, as with a sink that throws on the turn. Bad options still throw at once.
   */
  const proposeAndDispatchInOne = (
    batch: (entries: readonly RunEntry[]) => void,
    turn: unknown,
    proposeOptions: unknown,
    approval: string | undefined,
    approvalId: string | undefined,
  ): {
    readonly record: TurnRecord;
    readonly verdict: DispatchDecision | undefined;
    readonly failed?: { readonly error: unknown };
  } => {
    const restore = saveState();
    const held: RunEntry[] = [];
    // INVARIANT: no ledger here (writeBatch), so every effect is a record.
    const hold = (effect: RunEffect): unknown => {
      if (effect.kind === 'record') held.push(stamp(effect.entry));
      return undefined;
    };
    let record: TurnRecord;
    let verdict: DispatchDecision | undefined;
    try {
      record = runStepsSync(proposeSteps(turn, proposeOptions), hold);
      const call = record.settled === 'tool' ? record.calls[0] : undefined;
      verdict =
        call === undefined
          ? undefined
          : runStepsSync(dispatchSteps(call, approval, approvalId), hold);
    } catch (error) {
      // Nothing was written yet: a step that throws (bad options) leaves the run as it was.
      restore();
      throw error;
    }
    try {
      batch(held);
    } catch (error) {
      restore();
      return { record, verdict, failed: { error } };
    }
    return { record, verdict };
  };
  /** The run's state now, and how to put it back (a batch that failed to commit). */
  const saveState = () => {
    const restoreTurns = turns.save();
    const saved = { latest, status, spent, wouldBeDead, touched };
    const approvals = usedApprovals.size;
    return () => {
      restoreTurns();
      ({ latest, status, spent, wouldBeDead, touched } = saved);
      // A Set iterates in insertion order: what was added since is at its end.
      for (const token of [...usedApprovals].slice(approvals)) usedApprovals.delete(token);
    };
  };

  // (rev 3) A one-call turn and its call in one step (runInternals.ts).
  const fireTurn: RunInternals[typeof FIRE_TURN] = (
    turn,
    proposeOptions,
    handlers,
    options,
    dispatchOptions,
  ) => {
    const fireOptions = readFireOptions(options, 'run.fire');
    const approval = readDispatchOptions(dispatchOptions);
    const approvalId = readApprovalId(dispatchOptions);
    assertHandlers(handlers, 'run.fire');
    const callOf = (record: TurnRecord) =>
      record.settled === 'tool' ? record.calls[0] : undefined;
    if (writeBatch !== undefined) {
      // Synchronous up to the handler, both records in one commit before the handler runs.
      const { record, verdict, failed } = proposeAndDispatchInOne(
        writeBatch,
        turn,
        proposeOptions,
        approval,
        approvalId,
      );
      // The sink's error, as a dispatch whose record failed gives it (a rejection).
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the sink's own, as thrown
      if (failed !== undefined) return Promise.reject(failed.error);
      if (verdict === undefined) return Promise.resolve({ record });
      return finishFire(allowedFacts(verdict), handlers, fireOptions).then((outcome) => ({
        record,
        outcome,
      }));
    }
    if (!isAsync) {
      // Synchronous up to the handler: nothing can land between the proposal and the dispatch.
      const record = propose(turn, proposeOptions);
      const call = callOf(record);
      if (call === undefined) return Promise.resolve({ record });
      return fireChecked(call, handlers, fireOptions, approval, approvalId).then((outcome) => ({
        record,
        outcome,
      }));
    }
    return queue(async () => {
      const record = await runStepsAsync(proposeSteps(turn, proposeOptions), performAsync);
      const call = callOf(record);
      if (call === undefined) return { record, facts: undefined };
      const verdict = await runStepsAsync(dispatchSteps(call, approval, approvalId), performAsync);
      return { record, facts: allowedFacts(verdict) };
    }).then(async ({ record, facts }) =>
      facts === undefined
        ? { record }
        : { record, outcome: await finishFire(facts, handlers, fireOptions) },
    );
  };
  const proposeAwaited: RunInternals[typeof PROPOSE_AWAITED] = (turn, proposeOptions) =>
    isAsync
      ? proposeAsync(turn, proposeOptions)
      : new Promise((done) => {
          done(propose(turn, proposeOptions));
        });

  return Object.freeze({
    propose,
    dispatch,
    proposeAsync,
    dispatchAsync,
    fire,
    [FIRE_TURN]: fireTurn,
    [PROPOSE_AWAITED]: proposeAwaited,
    get status() {
      return status;
    },
    budgets,
    enforce,
    summary: () => summarizeRecords(turns.all(), [...steps.keys()]),
    records: () => Object.freeze([...turns.all()]),
  });
}

/** The all-or-none writer of a sink made by this package (`WRITE_BATCH`), if it has one. */
function batchWriterOf(
  sink: RecordSink | undefined,
): ((entries: readonly RunEntry[]) => void) | undefined {
  if (sink === undefined || !hasOwn(sink, WRITE_BATCH)) return undefined;
  const batch: unknown = (sink as Partial<BatchSink>)[WRITE_BATCH];
  return typeof batch === 'function'
    ? (entries) => {
        batch.call(sink, entries);
      }
    : undefined;
}

/** The refusal `toolgate mcp` decided before the run saw the call (`REFUSED_BEFORE_RUN`), if any. */
function refusalBeforeRun(options: unknown): Refusal | undefined {
  if (typeof options !== 'object' || options === null || !hasOwn(options, REFUSED_BEFORE_RUN))
    return undefined;
  const refusal: unknown = (options as Record<PropertyKey, unknown>)[REFUSED_BEFORE_RUN];
  // Anything that is not a refusal still refuses: this key can only say no.
  return typeof refusal === 'object' &&
    refusal !== null &&
    typeof (refusal as Refusal).reason === 'string' &&
    typeof (refusal as Refusal).code === 'string'
    ? (refusal as Refusal)
    : toRefusal('proposal.decode', {
        code: 'malformed_proposal',
        why: 'the refusal decided before the run cannot be read',
      });
}

/** The session `toolgate mcp` names for a turn (`SESSION`), if any. */
function sessionOf(options: unknown): string | undefined {
  if (typeof options !== 'object' || options === null || !hasOwn(options, SESSION))
    return undefined;
  const session: unknown = (options as Record<PropertyKey, unknown>)[SESSION];
  return typeof session === 'string' ? session : undefined;
}

/** The touched labels with this call's new ones added, each label once (the first call that touched it). */
function addTouches(
  touched: readonly TouchedLabel[],
  touches: ReadonlyMap<string, { readonly value: string }>,
  turn: number,
  callIndex: number,
  ref: string,
): readonly TouchedLabel[] {
  const added: TouchedLabel[] = [];
  for (const [label, touch] of touches) {
    if (!touched.some((entry) => entry.label === label))
      added.push(Object.freeze({ label, ref, value: touch.value, turn, callIndex }));
  }
  return added.length === 0 ? touched : Object.freeze([...touched, ...added]);
}

const NO_TOUCHES: readonly TouchedLabel[] = /* @__PURE__ */ Object.freeze([]);

/** The ledger's touched labels, then this process's own that the ledger does not show (the same list when none). */
function mergeTouches(
  shared: readonly TouchedLabel[],
  own: readonly TouchedLabel[],
): readonly TouchedLabel[] {
  const extra = own.filter((entry) => !shared.some((held) => held.label === entry.label));
  return extra.length === 0 ? shared : Object.freeze([...shared, ...extra]);
}
