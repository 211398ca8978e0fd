import type { PolicyServer } from '../cli/policy/buildServers.js';
import type { Diagnostic } from '../cli/diagnostics.js';
import type { PolicyAgent } from '../cli/policy/types.js';
import type { Step } from '../gate/types.js';
import type { Grant } from '../grant/types.js';
import type { Registry } from '../registry/types.js';

/**
 * A policy file loaded for a runtime: the registry its tools built, its
 * grants (made by `createGrant`), steps and agents by name, and its
 * `servers` section, as the MCP proxy reads it, when the file has one.
 */
export interface LoadedPolicy {
  readonly file: string;
  readonly registry: Registry;
  readonly grants: ReadonlyMap<string, Grant>;
  readonly steps: ReadonlyMap<string, Step>;
  readonly agents: ReadonlyMap<string, PolicyAgent>;
  /** The upstream MCP servers of the `servers:` section (SPEC §12), by name; empty when there are none. */
  readonly servers?: ReadonlyMap<string, PolicyServer>;
}

/**
 * What loading gives: the policy when there is no error, and every
 * diagnostic (errors and warnings, each with file, line, column, message and
 * fix), exactly as `toolgate validate` reports them.
 */
export type LoadPolicyResult =
  | {
      readonly ok: true;
      readonly policy: LoadedPolicy;
      readonly diagnostics: readonly Diagnostic[];
    }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

/** The file access loading needs; the default reads with `node:fs`. */
export interface PolicyFileAccess {
  /** Reads a file as UTF-8; throws as `node:fs` does. */
  readonly readFile: (path: string) => string;
  readonly exists: (path: string) => boolean;
}

export type { Diagnostic, PolicyAgent };
