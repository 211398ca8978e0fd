/** A folder root and the access it allows: `write` implies read. */
export interface FolderGrant {
  readonly path: string;
  readonly access: 'read' | 'write';
}

/**
 * A folder deny entry: `!` and a minimatch glob, kept as written (SPEC §5
 * rev 2). It takes paths away from the folder scope, whatever the order.
 */
export type FolderDenyEntry = `!${string}`;

/** Turn, tool-call and per-turn call budgets; a missing budget is unlimited. */
export interface Budgets {
  readonly turns?: number;
  readonly toolCalls?: number;
  /** The most calls one turn may propose (SPEC §8 rev 2). */
  readonly callsPerTurn?: number;
}

/**
 * A label: a set of tools and resources a flow rule can name. A call touches
 * it when it calls one of its tools, or a path, host or secret the call names
 * matches one of its patterns (folder globs as deny globs, host patterns,
 * secret patterns). A label grants nothing.
 */
export interface LabelSpec {
  /** Exact refs: a call to one touches the label. */
  readonly tools?: readonly string[];
  /** Globs, read as folder deny globs are (`'/home/me/mail/**'`, `'.env'`). */
  readonly folders?: readonly string[];
  /** Host patterns (`'*.example.com'`, `'*'`). */
  readonly network?: readonly string[];
  /** Secret names and prefixes (`'AWS_*'`). */
  readonly secrets?: readonly string[];
}

/**
 * A flow rule: once a run touched the `after` label, a call that touches a
 * `deny` label is refused (`flow_denied`), and a call to an `ask` ref or one
 * that touches an `ask` label needs a person's approval of the exact call.
 */
export interface FlowRule {
  readonly after: string;
  /** Label names; a spec may write one as a string. */
  readonly deny?: readonly string[];
  /** Label names and exact refs (a ref has `@`); a spec may write one as a string. */
  readonly ask?: readonly string[];
}

/** A flow rule as a spec may write it: `deny` and `ask` as one name or a list. */
export interface FlowSpec {
  readonly after: string;
  readonly deny?: string | readonly string[];
  readonly ask?: string | readonly string[];
}

/** What `createGrant` accepts. A missing scope grants nothing of that kind. */
export interface GrantSpec {
  /** Exact refs, each optionally pinned: `NAME@VERSION#sha256:<64 hex>`. */
  readonly tools?: readonly string[];
  /** Roots, and `!` deny globs (`'!.env'`, `'!.git'`). */
  readonly folders?: readonly (
    string | { readonly path: string; readonly access?: 'read' | 'write' }
  )[];
  readonly network?: readonly string[];
  readonly secrets?: readonly string[];
  readonly budgets?: Budgets;
  /** (rev 2) Refs, each also in `tools`, whose calls need a person's approval of the exact call. */
  readonly ask?: readonly string[];
  /** Named sets of tools and resources that `flows` refer to. */
  readonly labels?: Readonly<Record<string, LabelSpec>>;
  /** What a run may do after it touched a label. */
  readonly flows?: readonly FlowSpec[];
}

/**
 * What one run may do: the only source of authority. Plain, deeply frozen
 * data in canonical form; `createGrant(JSON.parse(JSON.stringify(grant)))`
 * gives an equal grant.
 */
export interface Grant {
  /** Exact refs as written, pins included (`NAME@VERSION#sha256:…`), in grant order (the menu's order). */
  readonly tools: readonly string[];
  /** Canonical roots, and deny entries as written, in the order given. */
  readonly folders: readonly (FolderGrant | FolderDenyEntry)[];
  /** Canonical host patterns. */
  readonly network: readonly string[];
  /** Names and prefixes, and `!` deny entries, in the order given. */
  readonly secrets: readonly string[];
  readonly budgets?: Budgets;
  /** (rev 2) Refs whose calls need an approval; present only when not empty. */
  readonly ask?: readonly string[];
  /** The labels as written, each list in canonical form; present only when not empty. */
  readonly labels?: Readonly<Record<string, LabelSpec>>;
  /** The flow rules, `deny` and `ask` as lists; present only when not empty. */
  readonly flows?: readonly FlowRule[];
}
