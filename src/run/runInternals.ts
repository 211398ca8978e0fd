import type { DispatchOptions, Run, RunEntry, TurnRecord } from './types.js';
import type { FireOptions, FireOutcome, ToolHandlers } from '../fire/types.js';

/**
 * (rev 3) Proposes a turn of one call and fires that call as one step of
 * the run: with an asynchronous sink or ledger, the proposal and the
 * dispatch run in one slot of the run's queue, so another session's turn
 * cannot land between them (the call would no longer be the latest turn's).
 * Used by `proposeAndFire` (the proxy, the gateway, the adapters); not part
 * of the public `Run`.
 */
export const FIRE_TURN: unique symbol = Symbol('toolgate.run.fireTurn');

/** (rev 3) Records a turn, awaiting the record with an asynchronous sink: `propose` or `proposeAsync`. */
export const PROPOSE_AWAITED: unique symbol = Symbol('toolgate.run.proposeAwaited');

/**
 * (rev 3) A sink's all-or-none writer of several entries (the SQLite sink's
 * `writeMany`), under a key the package does not export: a run with a
 * synchronous sink that has one and no ledger records a turn of one call
 * and that call's dispatch in one commit (`FIRE_TURN`), since nothing runs
 * between them. A sink that merely has a method named `writeMany` is not
 * trusted to be all-or-none.
 */
export const WRITE_BATCH: unique symbol = Symbol('toolgate.sink.writeBatch');

/** A sink that can write several entries in one commit. */
export interface BatchSink {
  readonly [WRITE_BATCH]: (entries: readonly RunEntry[]) => void;
}

/**
 * (rev 3) A run option under a key the package does not export: `true`
 * makes the run keep only its latest turn's record in memory (what its
 * dispatches need), so `toolgate mcp`, whose run nothing reads back and
 * which may serve for weeks, does not grow by a record per call. Its
 * `records()` and `summary()` then throw; its record store has them all.
 */
export const LATEST_ONLY: unique symbol = Symbol('toolgate.run.latestOnly');

/** The run options only the package passes. */
export interface RunInternalOptions {
  readonly [LATEST_ONLY]?: boolean;
}

/** What the internals take and give. */
export interface RunInternals {
  readonly [FIRE_TURN]: (
    turn: unknown,
    proposeOptions: unknown,
    handlers: ToolHandlers,
    options: FireOptions | undefined,
    dispatchOptions: DispatchOptions | undefined,
  ) => Promise<{ readonly record: TurnRecord; readonly outcome?: FireOutcome }>;
  readonly [PROPOSE_AWAITED]: (turn: unknown, proposeOptions?: unknown) => Promise<TurnRecord>;
}

/**
 * Records a turn through `PROPOSE_AWAITED`, or, for a run of another copy of
 * toolgate (the ESM and CommonJS builds each have their own symbols), through
 * its public `propose`, as before revision 3.
 */
export function proposeAwaited(
  run: Run,
  turn: unknown,
  proposeOptions?: unknown,
): Promise<TurnRecord> {
  const own = (run as Run & Partial<RunInternals>)[PROPOSE_AWAITED];
  if (own !== undefined) return own(turn, proposeOptions);
  return new Promise((done) => {
    done(run.propose(turn, proposeOptions as Parameters<Run['propose']>[1]));
  });
}
