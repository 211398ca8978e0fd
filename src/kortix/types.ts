import type { KortixToolName } from './constants.js';

/**
 * A manifest as text: the root file's path and the text of every file,
 * keyed by repo-relative path. Pure data, so parsing does no I/O;
 * `loadKortixManifestFiles` reads them from disk.
 */
export interface KortixSource {
  /** The root file's path, such as `kortix.yaml`; a key of `files`. */
  readonly root: string;
  /** Repo-relative path => text, for the root and every file it imports. */
  readonly files: Readonly<Record<string, string>>;
  /**
   * The module files that exist, repo-relative. When given, a module path
   * under `tools:` that is not in it is skipped with a warning (`missing_module`); when
   * omitted, module files are not checked.
   */
  readonly modules?: readonly string[];
}

/** How bad a finding is: an error stops the manifest from resolving; a warning does not. */
export type KortixSeverity = 'error' | 'warning';

/** What a diagnostic is about. Codes are public API. */
export type KortixDiagnosticCode =
  | 'yaml_syntax'
  | 'not_a_map'
  | 'invalid_imports'
  | 'import_not_found'
  | 'invalid_tools_key'
  | 'invalid_tool_name'
  | 'reserved_tool_name'
  | 'reserved_pty_prefix'
  | 'invalid_tool_value'
  | 'kortix_value_mismatch'
  | 'not_a_kortix_tool'
  | 'invalid_module_path'
  | 'missing_module'
  | 'duplicate_tool'
  | 'kortix_version_required'
  | 'invalid_agents'
  | 'duplicate_agent'
  | 'invalid_agent_tools'
  | 'undeclared_secret'
  | 'unknown_tool'
  | 'kortix_tool_not_loaded'
  | 'exclude_typo'
  | 'no_kortix_tools';

/** One finding of `validateKortixManifest`: where, how bad, what, and what to change. */
export interface KortixDiagnostic {
  readonly severity: KortixSeverity;
  readonly code: KortixDiagnosticCode;
  /** Repo-relative path of the file. */
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
  readonly message: string;
  /** What to change. */
  readonly fix: string;
}

/** The KIND column of `tools ls`. */
export type KortixToolKind = 'kortix' | 'kortix (overridden)' | 'project';

/** A tool a session of the project gets (harness tools aside). */
export interface KortixTool {
  readonly name: string;
  readonly kind: KortixToolKind;
  /** `kortix:<name>`, or the module path. */
  readonly source: string;
  /** The manifest file that declares it; the root file when there is no `tools:` key. */
  readonly file: string;
}

/** `agents.<name>.tools`, read into one of its five forms (a list holding `*` reads as `all`). */
export type KortixToolSelection =
  | { readonly form: 'all' }
  | { readonly form: 'none' }
  | { readonly form: 'list'; readonly names: readonly string[] }
  | { readonly form: 'exclude'; readonly names: readonly string[] }
  | { readonly form: 'map'; readonly removed: readonly string[] };

/** An agent of the manifest. */
export interface KortixAgent {
  readonly name: string;
  readonly tools: KortixToolSelection;
  /** `agents.<name>.secrets`: `all`, a list, or absent (none). */
  readonly secrets: 'all' | readonly string[];
  readonly file: string;
}

/** A manifest that resolved: no errors. Plain, frozen data. */
export interface KortixManifest {
  /** The root file's path. */
  readonly path: string;
  /** Every file read: the root, then imported files in the order first imported. */
  readonly files: readonly string[];
  /** The root file's `kortix_version`, when it is a number. */
  readonly kortixVersion?: number;
  /** Does any file have a top-level `tools:` key? */
  readonly toolsKey: boolean;
  /** The Kortix tools it loads (in Kortix's order), then project tools (in declaration order). */
  readonly tools: readonly KortixTool[];
  /** The Kortix tools it does not load, in Kortix's order. */
  readonly removed: readonly KortixToolName[];
  readonly agents: readonly KortixAgent[];
}

/** What `parseKortixManifest` returns: the manifest when there is no error, and every diagnostic. */
export type KortixParseResult =
  | {
      readonly ok: true;
      readonly manifest: KortixManifest;
      readonly diagnostics: readonly KortixDiagnostic[];
    }
  | { readonly ok: false; readonly diagnostics: readonly KortixDiagnostic[] };

/** The two harnesses, which differ in tool groups and subagents. */
export type KortixHarness = 'opencode' | 'pi';

/** What `resolveKortixVisibility` needs besides the manifest. */
export interface KortixVisibilityOptions {
  readonly agent: string;
  readonly harness: KortixHarness;
  /**
   * The agent that delegated to this one. On pi the subagent sees only what
   * both lists allow; on OpenCode its own list alone decides.
   */
  readonly parent?: string;
  /**
   * The harness tools the session offers; default the fifteen of the
   * harness table. Add OpenCode's terminal tools (`pty_*`) here: on
   * OpenCode they are shown exactly when `bash` is.
   */
  readonly harnessTools?: readonly string[];
}

/** `kortix tools ls --json`. */
export interface KortixToolsLsJson {
  readonly manifest: string;
  readonly tools_key: boolean;
  readonly tools: readonly {
    readonly name: string;
    readonly kind: KortixToolKind;
    readonly source: string;
  }[];
  readonly removed: readonly string[];
}

/** What checking entries needs to know besides the entries. */
export interface ToolEntryContext {
  readonly root: string;
  /** The root file's `kortix_version`. */
  readonly kortixVersion: unknown;
  /** Module files that exist, when known. */
  readonly modules: ReadonlySet<string> | undefined;
}
