import type { Refusal } from '../../gate/types.js';
import type { Place } from '../diagnostics.js';
import type { Policy, PolicyAgent } from '../policy/types.js';

/** The grant (or agent) entry that let one wanted thing through, and where the policy writes it. */
export interface MatchedEntry {
  /** What the call wants, in words: `path /workspace/src/a.ts (read)`, `host api.github.com:443`. */
  readonly want: string;
  /** Where in the arguments it was found (a JSON Pointer); absent for the tool's own hosts and secrets. */
  readonly pointer?: string;
  /** The entry's list and index in the grant (`tools`, `folders`, `network`, `secrets`) or the agent (`visible`). */
  readonly scope: 'tools' | 'folders' | 'network' | 'secrets' | 'visible' | 'step';
  readonly index: number;
  /** The entry as the grant holds it (canonical). */
  readonly entry: string;
  readonly access?: 'read' | 'write';
  /** The entry as the policy file names it, such as `grants.coder.folders[0]`. */
  readonly source?: string;
  /** Where the policy file writes the entry. */
  readonly place?: Place;
}

/** One check of one call: passed (with what let it through), refused, or never run. */
export interface CheckExplanation {
  readonly id: string;
  readonly verdict: 'pass' | 'refused' | 'not_run';
  /** One line per fact, for people. */
  readonly notes: readonly string[];
  readonly matched: readonly MatchedEntry[];
  readonly refusal?: Refusal;
}

/** Every check of one call, in the gate's order. */
export interface CallExplanation {
  readonly callIndex: number;
  readonly ref: string;
  readonly arguments: unknown;
  readonly checks: readonly CheckExplanation[];
  /** The call's refusal when it came from outside the listed checks (the gate itself failing). */
  readonly refusal?: Refusal;
}

/** Why a turn was decided as it was: per call, every check in order. */
export type TurnExplanation =
  | { readonly kind: 'answer' }
  | { readonly kind: 'turn_refused'; readonly refusal: Refusal }
  | { readonly kind: 'calls'; readonly calls: readonly CallExplanation[] };

/** Which policy entries a context came from, so an explanation can cite them. */
export interface ExplainScope {
  readonly policy: Policy;
  readonly grantName: string;
  readonly agent?: PolicyAgent;
}
