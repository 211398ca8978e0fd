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
}
