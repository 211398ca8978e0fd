import type { AuthorizedCall, Gate, GateContext, Refusal, Step } from '../gate/types.js';
import type { Grant } from '../grant/types.js';

/**
 * The part of an `AbortSignal` toolgate relies on, for programs compiled with
 * neither the DOM lib nor Node's types (`lib: ["es2022"]`).
 */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason: unknown;
  throwIfAborted(): void;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * The platform's `AbortSignal` where the program has one (the DOM lib or
 * Node's types declare it), else {@link AbortSignalLike}: the published types
 * compile either way, and a handler's `signal` still goes straight to `fetch`.
 */
export type AbortSignalType = typeof globalThis extends {
  readonly AbortSignal: { readonly prototype: infer Signal };
}
  ? Signal
  : AbortSignalLike;

/** What a handler gets besides the call: a signal to stop on, and the authority the call ran under. */
export interface HandlerContext {
  /** Aborts when the caller cancels or the deadline passes; `signal.throwIfAborted()` works. */
  readonly signal: AbortSignalType;
  /** The grant the dispatch stage decided on (file tools check their paths against it again). */
  readonly grant: Grant;
  /** The run's working directory, which relative paths were resolved against. */
  readonly cwd?: string;
  readonly step?: Step;
}

/**
 * Runs one authorized call. It receives the call exactly as the gate
 * authorized it (`rawArguments` verbatim when the arguments arrived as a
 * string) and may return a string, any JSON value or binary data, or a
 * promise of one. A throw becomes a tool result carrying its message.
 */
export type ToolHandler = (call: AuthorizedCall, context: HandlerContext) => unknown;

/** One handler for every call, or a table of handlers keyed by exact ref (`fs-read@1`). */
export type ToolHandlers = ToolHandler | Readonly<Record<string, ToolHandler>>;

/**
 * Turns a handler's output into the text the model reads (the Kortix size
 * rule). `createOutputShaper` from `toolgate/node` saves oversized output
 * to a file; without one, `fire` shows the head and says nothing was saved.
 */
export type OutputShaper = (output: unknown, call: AuthorizedCall) => string | Promise<string>;

/** How a call is fired. */
export interface FireOptions {
  /** Cancels the call (for example when the turn stops); the handler's signal follows it. */
  readonly signal?: AbortSignalType;
  /** A deadline in milliseconds, 1 to 2147483647; when it passes the handler's signal aborts. */
  readonly timeoutMs?: number;
  /** How output becomes the model's text; default: inline under the limits, else the head. */
  readonly shapeOutput?: OutputShaper;
}

/** What `fire` needs: the gate and the context its dispatch stage decides on, and how to fire. */
export interface FireContext extends GateContext, FireOptions {
  readonly gate: Gate;
}

/** How a fired call ended. `refused`: the gate said no and the handler never ran. */
export type FireStatus = 'ok' | 'refused' | 'error' | 'aborted' | 'timed_out';

/**
 * The end of one fired call, as plain data. `text` is what the model reads:
 * the shaped output, the refusal's reason, or the error. Only `ok` has
 * `output`, the handler's value as returned.
 */
export type FireOutcome =
  | {
      readonly status: 'ok';
      readonly call: AuthorizedCall;
      readonly output: unknown;
      readonly text: string;
    }
  | { readonly status: 'refused'; readonly refusal: Refusal; readonly text: string }
  | {
      readonly status: 'error' | 'aborted' | 'timed_out';
      readonly call: AuthorizedCall;
      readonly message: string;
      readonly text: string;
    };
