import type { Grant } from '../grant/types.js';

/**
 * Which tool names an agent is shown: a Set or list whose entries are tool
 * names, `prefix/*` for every name under `prefix/`, or `*` for every name —
 * what `GateContext.visible`, `createRun` and `renderMenu` accept.
 */
export type Visibility = ReadonlySet<string> | readonly string[];

/** What one agent may see and do: its grant and, optionally, its visibility (none: every name). */
export interface AgentView {
  /** Made by `createGrant`. */
  readonly grant: Grant;
  readonly visible?: Visibility;
}

/** A subagent's narrowed view: a grant made by `createGrant` and a canonical visibility list. */
export interface NarrowedView {
  readonly grant: Grant;
  /** Sorted, without entries another entry covers; `['*']` when neither side had a list. */
  readonly visible: readonly string[];
}
