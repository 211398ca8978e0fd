import type { Step } from '../../gate/types.js';
import type { Grant } from '../../grant/types.js';
import type { Registry } from '../../registry/types.js';
import type { Diagnostic } from '../diagnostics.js';
import type { PolicyServer, ProxySettings } from './buildServers.js';
import type { YamlSource } from './readYamlSource.js';

/** Where an agent's `visible` list came from. */
export type AgentSource = 'visible' | 'kortix' | 'coresource';

/** An agent of a policy: the tool names (and `prefix/*`, `*`) its model sees. */
export interface PolicyAgent {
  readonly name: string;
  readonly source: AgentSource;
  readonly visible: readonly string[];
}

/**
 * A loaded policy: the registry its tools built, its grants (made by
 * `createGrant`), steps and agents by name, and its parsed file, so a
 * command can cite the line of any entry.
 */
export interface Policy {
  readonly file: string;
  readonly source: YamlSource;
  readonly registry: Registry;
  readonly grants: ReadonlyMap<string, Grant>;
  /** Each grant as written, for citing the entry an explanation names. */
  readonly grantSpecs: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  readonly steps: ReadonlyMap<string, Step>;
  readonly agents: ReadonlyMap<string, PolicyAgent>;
  /** The upstream MCP servers `toolgate mcp` fronts (SPEC §12); empty when there are none. */
  readonly servers?: ReadonlyMap<string, PolicyServer>;
  /** How `toolgate mcp` runs (the `proxy:` section, defaults filled in). */
  readonly proxy?: ProxySettings;
}

/** What loading a policy gives: the policy when there is no error, and every diagnostic. */
export type PolicyResult =
  | { readonly ok: true; readonly policy: Policy; readonly diagnostics: readonly Diagnostic[] }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

/** The file access loading needs (I/O is passed in). */
export interface PolicyFiles {
  /** Reads a file as UTF-8; throws as `node:fs` does. */
  readonly readFile: (path: string) => string;
  readonly exists: (path: string) => boolean;
}
