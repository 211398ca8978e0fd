/** A folder root and the access it allows: `write` implies read. */
export interface FolderGrant {
  readonly path: string;
  readonly access: 'read' | 'write';
}

/** Turn and tool-call budgets; a missing budget is unlimited. */
export interface Budgets {
  readonly turns?: number;
  readonly toolCalls?: number;
}

/** What `createGrant` accepts. A missing scope grants nothing of that kind. */
export interface GrantSpec {
  /** Exact refs, each optionally pinned: `NAME@VERSION#sha256:<64 hex>`. */
  readonly tools?: readonly string[];
  readonly folders?: readonly (
    string | { readonly path: string; readonly access?: 'read' | 'write' }
  )[];
  readonly network?: readonly string[];
  readonly secrets?: readonly string[];
  readonly budgets?: Budgets;
  /** (rev 2) Refs, each also in `tools`, whose calls need a person's approval of the exact call. */
  readonly ask?: readonly string[];
}

/**
 * What one run may do: the only source of authority. Plain, deeply frozen
 * data in canonical form; `createGrant(JSON.parse(JSON.stringify(grant)))`
 * gives an equal grant.
 */
export interface Grant {
  /** Exact refs as written, pins included (`NAME@VERSION#sha256:…`), in grant order (the menu's order). */
  readonly tools: readonly string[];
  /** Canonical roots. */
  readonly folders: readonly FolderGrant[];
  /** Canonical host patterns. */
  readonly network: readonly string[];
  readonly secrets: readonly string[];
  readonly budgets?: Budgets;
  /** (rev 2) Refs whose calls need an approval; present only when not empty. */
  readonly ask?: readonly string[];
}
