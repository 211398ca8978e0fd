import type { Grant } from '../grant/types.js';
import type { Registry, ToolEntry } from '../registry/types.js';

/**
 * A step as the menu reads it: its name and the tool names it may use.
 * The same shape as the gate's `Step`, declared here because `menu` never
 * imports `gate` (STYLE rule 1).
 */
export interface MenuStep {
  readonly name: string;
  readonly tools: readonly string[];
}

/** What `renderMenu` and the provider lists read. */
export interface MenuOptions {
  readonly registry: Registry;
  /** Made by `createGrant`; its `tools` order is the menu's order. */
  readonly grant: Grant;
  /** With a step, only the step's tools are listed. */
  readonly step?: MenuStep;
  /** Tool names this agent is shown; `prefix/*` covers every name under `prefix/`, `*` every name. */
  readonly visible?: ReadonlySet<string> | readonly string[];
}

/** One tool the menu lists: a granted ref, and its registry entry when the registry resolves it. */
export interface MenuTool {
  readonly ref: string;
  readonly name: string;
  readonly version: number;
  /** `undefined`: granted, but the registry cannot resolve it, or (rev 2) not to the pinned definition. */
  readonly entry: ToolEntry | undefined;
  /** (rev 2) Present and `true` when the grant's `ask` lists the ref. */
  readonly ask?: true;
}
