import type { FlowRule, Grant } from '../grant/types.js';
import type { RealpathFn } from '../realpath/RealpathFn.js';
import type { Registry, ToolEntry } from '../registry/types.js';

/** Every refusal code. Codes are public API: adding one is a breaking change. */
export type RefusalCode =
  | 'malformed_proposal'
  | 'not_granted'
  | 'hidden_tool'
  | 'bad_arguments'
  | 'unknown_tool'
  | 'unsupported_shape'
  | 'network_out_of_scope'
  | 'folder_out_of_scope'
  | 'secret_out_of_scope'
  | 'check_failed'
  | 'check_refused'
  | 'too_many_calls'
  | 'approval_required'
  | 'approval_reused'
  | 'flow_denied';

/** One fact behind a refusal: where (a JSON Pointer into the arguments, or the proposal) and what. */
export interface RefusalDetail {
  readonly pointer: string;
  readonly message: string;
  /** (rev 2) The grant's deny entry that refused, as written (`'!10.0.0.0/8'`, `'!.env'`). */
  readonly entry?: string;
  /**
   * (rev 3) Which reading of the argument refused it, when the program that
   * runs the call may read it otherwise than the gate (SPEC §14.1):
   * `symlink-dotdot` (a `..` after a symlink), `deny-ancestor` (a write to a
   * folder that holds what a deny entry takes away).
   */
  readonly reading?: 'symlink-dotdot' | 'deny-ancestor';
  /** (rev 3) A tool name that no ref was found for (`toolgate mcp`: a name it does not serve). */
  readonly name?: string;
  /** (rev 3) A tool changed since the lock: the locked and the live definition's digests. */
  readonly locked?: string;
  readonly live?: string;
  /** `flow_denied`: the flow rule that refused, as the grant holds it. */
  readonly flow?: FlowRule;
  /** `flow_denied`: the earlier call that touched the rule's `after` label. */
  readonly touched?: TouchedLabel;
  /** `flow_denied`: the value of this call that touches the denied label (a ref, path, host or secret). */
  readonly value?: string;
}

/**
 * A label a run touched, and the call that touched it first: what a run
 * passes the gate as `context.touched` so the flow rules can be decided.
 */
export interface TouchedLabel {
  readonly label: string;
  /** The ref of the call that touched it. */
  readonly ref: string;
  /** The value that matched the label: the ref, a path, a host or a secret name. */
  readonly value: string;
  /** The turn and call of the run that touched it, when a run did. */
  readonly turn?: number;
  readonly callIndex?: number;
}

/** A recorded, reasoned "no": plain, serializable data. */
export interface Refusal {
  /** The id of the check that refused, such as `dispatch.folder`. */
  readonly check: string;
  readonly code: RefusalCode;
  /** The reason in SPEC.md's exact words, for people and for the model. */
  readonly reason: string;
  /** Which call of the turn (0-based), when a call was refused. */
  readonly callIndex?: number;
  /** The proposed `name@version`, when the call got that far. */
  readonly ref?: string;
  readonly details?: readonly RefusalDetail[];
  /** (rev 2) On `approval_required`: what a person approves; pass it to `approveCall`. */
  readonly approval?: ApprovalRequest;
}

/**
 * (rev 2) The exact call an approval is for. `digest` is `sha256:` + the
 * SHA-256 of the canonical JSON of `{ ref, tool: <the entry's digest>,
 * arguments }`, where `arguments` is the text below.
 */
export interface ApprovalRequest {
  readonly digest: string;
  readonly ref: string;
  /** The call's `rawArguments` when present, else the canonical JSON text of its arguments. */
  readonly arguments: string;
}

/** A call that passed the proposal stage; hand it to `checkDispatch` where it is about to run. */
export interface AuthorizedCall {
  readonly tool: string;
  readonly version: number;
  readonly ref: string;
  readonly shape: string;
  /** Deeply frozen: exactly what the checks saw. */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** The verbatim JSON text, when the arguments arrived as a string. */
  readonly rawArguments?: string;
}

/** A step of a workflow: the tool names it may use. */
export interface Step {
  readonly name: string;
  readonly tools: readonly string[];
}

/** What the gate decides against. */
export interface GateContext {
  readonly grant: Grant;
  readonly step?: Step;
  /** Absolute; relative paths in calls resolve against it. */
  readonly cwd?: string;
  /** Tool names this agent is shown; `prefix/*` covers every name under `prefix/`. */
  readonly visible?: ReadonlySet<string> | readonly string[];
  /** (rev 2) A token from `approveCall` for the exact call being dispatched. */
  readonly approval?: string;
  /** The labels the run touched so far (a run passes them; see the grant's `flows`). */
  readonly touched?: readonly TouchedLabel[];
}

/** The proposal stage's answer for a whole turn. */
export type TurnDecision =
  | { readonly settled: 'answer'; readonly answer: string }
  | { readonly settled: 'tool'; readonly calls: readonly AuthorizedCall[] }
  | { readonly settled: 'rejected'; readonly refusal: Refusal };

/** The dispatch stage's answer for one call. */
export type DispatchDecision =
  | {
      readonly allowed: true;
      readonly call: AuthorizedCall;
      /** In audit mode (`createRun({ enforce: false })`): the refusal that enforcing would have given. */
      readonly wouldRefuse?: Refusal;
    }
  | { readonly allowed: false; readonly refusal: Refusal };

/** What an extra check sees besides the call. */
export interface ExtraCheckContext extends GateContext {
  /** The registry's current entry for the call's ref. */
  readonly entry: ToolEntry;
}

/** An extra check's answer. Anything else it returns, or a throw, refuses as `check_failed`. */
export type ExtraCheckVerdict =
  { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** A check of your own, run at dispatch after every built-in check. */
export interface ExtraCheck {
  /** Shown as the refusal's `check`; must not start with `proposal.`, `dispatch.` or `gate.`. */
  readonly id: string;
  readonly check: (call: AuthorizedCall, ctx: ExtraCheckContext) => ExtraCheckVerdict;
}

/** Limits on an untrusted turn. */
export interface TurnLimits {
  /** Largest turn, in UTF-8 bytes for text (for a decoded value, its JSON length). Default 1 MiB. */
  readonly maxBytes?: number;
  /** Deepest nesting of objects and arrays, the envelope included. Default 64. */
  readonly maxDepth?: number;
}

/** What `createGate` accepts. */
export interface GateOptions {
  readonly registry: Registry;
  /** Resolve symlinks at dispatch: `'node'` or your own `RealpathFn`. */
  readonly realpath?: 'node' | RealpathFn;
  readonly checks?: readonly ExtraCheck[];
  readonly limits?: TurnLimits;
  /**
   * (rev 2) The key approval tokens are made with (`approveCall`): a string
   * (its UTF-8 bytes) or a `Uint8Array` of at least 16 bytes. Without it,
   * every call to an `ask` tool is refused.
   */
  readonly approvalKey?: string | Uint8Array;
}

/** The ordered authority gate. Never throws: every "no" is a refusal. */
export interface Gate {
  /** Proposal stage over a whole turn: one bad call rejects the turn. */
  readonly checkTurn: (turn: unknown, context: GateContext) => TurnDecision;
  /** Dispatch stage for one authorized call, re-reading the current grant and registry. */
  readonly checkDispatch: (call: unknown, context: GateContext) => DispatchDecision;
  /** Both stages on every call (a preflight): nothing fires unless every call would pass. */
  readonly authorize: (turn: unknown, context: GateContext) => TurnDecision;
}
