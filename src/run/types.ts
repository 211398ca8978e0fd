import type { FireOptions, FireOutcome, ToolHandlers } from '../fire/types.js';
import type {
  AuthorizedCall,
  DispatchDecision,
  Gate,
  Refusal,
  RefusalCode,
  Step,
} from '../gate/types.js';
import type { Budgets, Grant } from '../grant/types.js';
import type { ToolEntry } from '../registry/types.js';
import type { RunLedger } from './ledgerTypes.js';

/**
 * How a turn settled. `pending` is the state of a turn while `propose` runs:
 * it settles before `propose` returns, so a record never shows it.
 */
export type TurnSettlement = 'pending' | 'answer' | 'tool' | 'rejected' | 'dead_lettered';

/**
 * Where a run stands: `pending` while it may take another turn and has no
 * usable answer from its latest turn; `answer` when its latest turn
 * answered (it may still take more turns, e.g. for the next step);
 * `dead_lettered` for good: every later turn settles the same.
 */
export type RunStatus = 'pending' | 'answer' | 'dead_lettered';

/** Where records go besides the run's own memory: a JSONL file, a database, a test list. */
export interface RecordSink {
  /**
   * Called once per entry, in order. A sink that throws stops the turn or
   * dispatch it records (fail closed). An async sink returns a promise that
   * settles once the entry is durable.
   */
  readonly write: (entry: RunEntry) => void | PromiseLike<void>;
  /**
   * True for a sink whose `write` returns a promise (such as the PostgreSQL
   * sink): its run must be driven with `proposeAsync` and `dispatchAsync`.
   */
  readonly async?: boolean;
}

/** What `createRun` accepts. */
export interface RunOptions {
  /** Made by `createGate`; the run decides over its registry. */
  readonly gate: Gate;
  /** Made by `createGrant`; must not name a tool the registry lists as never grantable. */
  readonly grant: Grant;
  /** The workflow's steps, by name; `propose(turn, { step })` picks one. */
  readonly steps?: readonly Step[];
  /** Each key overrides the grant's budget of that name; a missing budget is unlimited. */
  readonly budgets?: Budgets;
  /** Absolute; relative paths in calls resolve against it. */
  readonly cwd?: string;
  /** Tool names this agent is shown (the gate refuses the rest as `hidden_tool`). */
  readonly visible?: ReadonlySet<string> | readonly string[];
  /** Also send every record here (the run always keeps its own in memory). */
  readonly sink?: RecordSink;
  /** Written on every sink entry, so one sink can take several runs. */
  readonly id?: string;
  /**
   * `false` for audit mode (SPEC §8 rev 2): every turn and dispatch is decided
   * and recorded as usual, but let through, carrying `wouldRefuse`; budgets
   * are counted, never enforced. Default `true`.
   */
  readonly enforce?: boolean;
  /**
   * Where the run spends its budgets (needs `id`): runs of the same id on one
   * ledger share one budget. Default: the run's own memory. An async ledger
   * (`createPostgresLedger`) needs the async forms.
   */
  readonly ledger?: RunLedger;
}

/** What `run.dispatch` accepts besides the call (rev 2). */
export interface DispatchOptions {
  /**
   * A token from `approveCall` for this exact call, when its tool is in the
   * grant's `ask`. The run accepts each token once: it counts as used when
   * the dispatch it came with is allowed.
   */
  readonly approval?: string;
}

/** What `run.propose` accepts besides the turn. */
export interface ProposeOptions {
  /** The name of one of the run's steps. */
  readonly step?: string;
}

/** A tool entry as it was when a run used it, with the digest of its definition. */
export interface RecordedTool {
  readonly ref: string;
  /** `sha256:` and the hex SHA-256 of the entry's canonical JSON. */
  readonly digest: string;
  readonly entry: ToolEntry;
}

/** What a run spent on one turn. */
export interface Spent {
  readonly turns: number;
  readonly toolCalls: number;
}

/** What every dispatch record holds. */
interface DispatchRecordBase {
  /** Which call of the turn (0-based). */
  readonly callIndex: number;
  readonly ref: string;
  /** The session of the turn, when it has one (`toolgate mcp`): a shared run's rows name their turn. */
  readonly session?: string;
  /** The digest of the entry the dispatch stage decided over; absent when it was no longer registered. */
  readonly digest?: string;
  /** Present (and `true`) on every record a run in audit mode makes. */
  readonly audit?: true;
}

/**
 * One dispatch decision on a call of a tool turn. It narrows on `allowed`:
 * a refused dispatch has its `refusal`; an allowed one in audit mode may
 * carry the refusal enforcing would have given (`wouldRefuse`).
 */
export type DispatchRecord =
  | (DispatchRecordBase & {
      readonly allowed: true;
      readonly refusal?: undefined;
      /** Audit mode: the refusal enforcing would have given (the call was let through). */
      readonly wouldRefuse?: Refusal;
      /**
       * The labels of the grant this call touched, by name, in the grant's
       * order; absent when it touched none (always, for a grant without labels).
       */
      readonly touched?: readonly string[];
    })
  | (DispatchRecordBase & {
      readonly allowed: false;
      readonly refusal: Refusal;
      readonly wouldRefuse?: undefined;
      readonly touched?: undefined;
    });

/**
 * How one allowed call ended once `run.fire` ran its handler. The handler's
 * output and error text are not recorded: they may hold anything, secret
 * values included.
 */
export interface FireRecord {
  /** Which call of the turn (0-based). */
  readonly callIndex: number;
  readonly ref: string;
  /** (rev 3) The session of the turn, when it has one (`toolgate mcp`). */
  readonly session?: string;
  readonly status: 'ok' | 'error' | 'aborted' | 'timed_out';
  /** Present (and `true`) on every record a run in audit mode makes. */
  readonly audit?: true;
}

/** What every turn record holds, whatever the turn settled as. */
export interface TurnRecordBase {
  readonly index: number;
  readonly step?: string;
  /** The session that proposed the turn, when several share one run (`toolgate mcp`). */
  readonly session?: string;
  readonly spent: Spent;
  /** Audit mode: the refusal enforcing would have given (the turn's calls were let through). */
  readonly wouldRefuse?: Refusal;
  /**
   * Audit mode: how enforcing would have settled the turn, when that differs
   * from `settled` (`rejected`, or `dead_lettered` once a budget ran out).
   */
  readonly wouldSettle?: Exclude<TurnSettlement, 'pending'>;
  /** Present (and `true`) on every record a run in audit mode makes. */
  readonly audit?: true;
}

/** The fields a kind of turn record does not have, spelled out so `record.calls ?? []` reads on any record. */
interface NoAnswer {
  readonly answer?: undefined;
}
interface NoRefusal {
  readonly refusal?: undefined;
  readonly reprompt?: undefined;
}
interface NoCalls {
  readonly calls?: undefined;
  readonly tools?: undefined;
  readonly dispatches?: undefined;
  readonly fires?: undefined;
}

/** A turn the model answered. */
export interface AnswerTurnRecord extends TurnRecordBase, NoRefusal, NoCalls {
  readonly settled: 'answer';
  readonly answer: string;
}

/** A turn of tool calls, each of them authorized for dispatch. */
export interface ToolTurnRecord extends TurnRecordBase, NoAnswer, NoRefusal {
  readonly settled: 'tool';
  readonly calls: readonly AuthorizedCall[];
  /** Every tool entry the turn's calls were checked against, at proposal and at dispatch. */
  readonly tools: readonly RecordedTool[];
  readonly dispatches: readonly DispatchRecord[];
  /** How each call fired by `run.fire` ended, in the order they ended. */
  readonly fires?: readonly FireRecord[];
}

/** A turn the gate refused: nothing of it fires. */
export interface RejectedTurnRecord extends TurnRecordBase, NoAnswer, NoCalls {
  readonly settled: 'rejected';
  readonly refusal: Refusal;
  /** A text for the model stating the reason, so it can try again. */
  readonly reprompt: string;
}

/** A turn over a budget: it shows no reason and authorizes nothing. */
export interface DeadLetteredTurnRecord extends TurnRecordBase, NoAnswer, NoRefusal, NoCalls {
  readonly settled: 'dead_lettered';
}

/**
 * One turn of a run, as plain, frozen, serializable data. It narrows on
 * `settled`: `answer` on an answer; `refusal` and `reprompt` on a rejected
 * turn; `calls`, `tools` and `dispatches` on a tool turn. A dead-lettered turn
 * shows no reason.
 */
export type TurnRecord =
  AnswerTurnRecord | ToolTurnRecord | RejectedTurnRecord | DeadLetteredTurnRecord;

/** One line of a sink: a settled turn, or a dispatch decision on a call of the latest turn. */
export type RunEntry =
  | { readonly type: 'turn'; readonly run?: string; readonly record: TurnRecord }
  | {
      readonly type: 'dispatch';
      readonly run?: string;
      /** The index of the turn whose call this is. */
      readonly turn: number;
      readonly dispatch: DispatchRecord;
      /** The entry the dispatch decided over, when the turn had not recorded it yet. */
      readonly tool?: RecordedTool;
    }
  | {
      readonly type: 'fire';
      readonly run?: string;
      readonly turn: number;
      readonly fire: FireRecord;
    };

/** Refused turns of one step, and why. */
export interface StepSummary {
  readonly refusedTurns: number;
  readonly byCode: Readonly<Partial<Record<RefusalCode, number>>>;
}

/** What `run.summary()` returns (SPEC §8). */
export interface RunSummary {
  /** Turns spent against the turn budget. */
  readonly turns: number;
  /** Tool calls spent against the tool-call budget. */
  readonly toolCalls: number;
  readonly settled: {
    readonly answer: number;
    readonly tool: number;
    readonly rejected: number;
    readonly dead_lettered: number;
  };
  /** Every step of the run, and `default` once a turn had no step. */
  readonly steps: Readonly<Record<string, StepSummary>>;
  /**
   * Per label of the grant, how many let-through dispatches touched it (in
   * audit mode, every dispatch). Present only once a dispatch touched one.
   */
  readonly labels?: Readonly<Record<string, number>>;
}

/** A run: proposes turns, dispatches their calls, keeps the records. */
export interface Run {
  /** The proposal stage on one turn, under the budgets; returns the turn record. */
  readonly propose: (turn: unknown, options?: ProposeOptions) => TurnRecord;
  /** The dispatch stage on one call of the latest turn. Never throws a refusal. */
  readonly dispatch: (call: unknown, options?: DispatchOptions) => DispatchDecision;
  /**
   * `propose`, resolving once the turn is durable in the sink. Runs queue
   * their async calls one after another. A sink that fails resolves a
   * `rejected` record refused by check `run.records` (code `check_failed`)
   * that is not kept and spends nothing.
   */
  readonly proposeAsync: (turn: unknown, options?: ProposeOptions) => Promise<TurnRecord>;
  /**
   * `dispatch`, resolving once its record is durable in the sink; a sink
   * that fails resolves a `run.records` refusal and the call stays undispatched.
   */
  readonly dispatchAsync: (call: unknown, options?: DispatchOptions) => Promise<DispatchDecision>;
  /**
   * `dispatch`, then, only if allowed, the handler (see `fire`); records how
   * the call ended. Never rejects for a refusal or a handler's failure.
   * `dispatchOptions` are `dispatch`'s (an approval token).
   */
  readonly fire: (
    call: unknown,
    handlers: ToolHandlers,
    options?: FireOptions,
    dispatchOptions?: DispatchOptions,
  ) => Promise<FireOutcome>;
  readonly status: RunStatus;
  /** The budgets in force (the run's over the grant's, key by key); counted, never enforced, in audit mode. */
  readonly budgets: Budgets;
  /** `false` in audit mode. */
  readonly enforce: boolean;
  readonly summary: () => RunSummary;
  readonly records: () => readonly TurnRecord[];
}
