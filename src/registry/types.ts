/** Where in a call's arguments a resource is named, and what it is. */
export interface ResourceSpec {
  readonly kind: 'path' | 'url' | 'host' | 'secret';
  /** A JSON Pointer into the arguments; a `*` segment means every array item or object value. */
  readonly at: string;
  /** For `path` resources only: the access the tool needs. Omitted means `write`, the stricter. */
  readonly access?: 'read' | 'write';
}

/** What `register` accepts. */
export interface ToolDefinition {
  readonly name: string;
  readonly version: number;
  readonly kind?: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
  readonly shapes?: readonly string[];
  readonly network?: readonly string[];
  readonly secrets?: readonly string[];
  readonly resources?: readonly ResourceSpec[];
  readonly example?: unknown;
}

/** A registered tool: the validated definition, deeply frozen, with its defaults filled in. */
export interface ToolEntry {
  readonly name: string;
  readonly version: number;
  readonly ref: string;
  readonly kind: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
  /** Never empty; the first is the default shape. */
  readonly shapes: readonly string[];
  /** Canonical host patterns. */
  readonly network: readonly string[];
  readonly secrets: readonly string[];
  /** Every `path` resource carries its access. */
  readonly resources: readonly ResourceSpec[];
  readonly example?: unknown;
  readonly builtIn: boolean;
  readonly grantable: boolean;
}

/** One row of `inventory()`: the governance view of what exists, not what is allowed. */
export interface InventoryRow {
  readonly name: string;
  readonly version: number;
  readonly kind: string;
  readonly builtIn: boolean;
  readonly grantable: boolean;
  readonly network: readonly string[];
  readonly description: string;
  /** The definition's digest (`sha256:` + 64 hex), as `digestToolEntry` gives it and a grant pins it. */
  readonly digest: string;
}

/** Which built-in tools a registry starts with. */
export type BuiltinsMode = 'self-run' | 'managed' | 'none';

/** The standing list of tools that exist. Registering grants no authority. */
export interface Registry {
  /** Validates and adds a tool; throws `ToolgateError` (`invalid_tool`, `duplicate_tool`). */
  readonly register: (definition: ToolDefinition) => ToolEntry;
  /** Removes a tool; built-ins can never be removed. */
  readonly deregister: (
    ref: string,
  ) =>
    | { readonly removed: true }
    | { readonly removed: false; readonly message: 'not removed (absent or a built-in)' };
  /** The exact (name, version) lookup. */
  readonly resolve: (ref: string) => ToolEntry | undefined;
  /** Every tool, sorted by name, then version. */
  readonly inventory: () => readonly InventoryRow[];
  /** Grows by one on every change; lets callers cache what they derive from the registry. */
  readonly revision: () => number;
}
