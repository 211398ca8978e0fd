import type { Step } from '../../gate/types.js';
import type { BuiltinsMode } from '../../registry/types.js';
import policySchema from '../../../schema/policy.schema.json' with { type: 'json' };
import { sortDiagnostics, type Diagnostic } from '../diagnostics.js';
import { buildAgents } from './buildAgents.js';
import { buildGrants } from './buildGrants.js';
import { buildRegistry } from './buildRegistry.js';
import { buildServers, readProxySettings } from './buildServers.js';
import { checkAgainstSchema } from './checkAgainstSchema.js';
import { validatePolicyFile } from './schemaValidators.generated.js';
import { checkServerRefs, registerLockedTools } from './checkServerRefs.js';
import { lintPolicy } from './lintPolicy.js';
import { readYamlSource, type SourcePath } from './readYamlSource.js';
import type { Policy, PolicyFiles, PolicyResult } from './types.js';

/** How a policy is read. */
export interface ParsePolicyOptions {
  /**
   * (issue 30) The lock to read the servers' tools from, offline: each
   * locked definition is registered as `SERVER/TOOL@1`, and a granted server
   * ref the lock does not hold is an error. `validate`, `check`, `test`, `ls`,
   * `diff` and `menu` pass the lock beside the policy; `toolgate mcp` reads the
   * servers themselves.
   */
  readonly lock?: string;
  /**
   * Register the lock's definitions (the offline commands). Without it the
   * lock is read only for which refs it holds: the grants' patterns expand
   * to them and a server ref it lacks is an error (`toolgate mcp`).
   */
  readonly offline?: boolean;
  /** (`toolgate mcp lock`) The lock is about to be written: patterns are left out, not errors. */
  readonly lockPending?: boolean;
}

/** A policy document that passed the schema, as far as the code below reads it. */
interface PolicyDocument {
  readonly builtins?: BuiltinsMode;
  readonly tools?: readonly unknown[];
  readonly grants?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly steps?: Readonly<Record<string, { readonly tools: readonly string[] }>>;
  readonly agents?: Readonly<Record<string, unknown>>;
  readonly servers?: Readonly<Record<string, unknown>>;
  readonly proxy?: Readonly<Record<string, unknown>>;
}

/**
 * Parses a policy file's text and builds what it defines, reporting every
 * problem at once, each at its file, line and column with what to change:
 * YAML syntax, then the shipped JSON Schema (unknown keys are errors), then
 * the library's own rules for each tool definition and grant, then agents,
 * then warnings. Returns the policy only when there is no error.
 *
 * `files` reads the Kortix manifests agents may name; nothing else is read.
 */
export function parsePolicy(
  file: string,
  text: string,
  files: PolicyFiles,
  options: ParsePolicyOptions = {},
): PolicyResult {
  const read = readYamlSource(file, text);
  if (!read.ok) return { ok: false, diagnostics: read.diagnostics };
  const { source } = read;
  const diagnostics: Diagnostic[] = [...read.warnings];
  if (source.value === null || source.value === undefined) {
    diagnostics.push({
      severity: 'error',
      code: 'empty_policy',
      file,
      line: 1,
      column: 1,
      message: 'the policy file is empty',
      fix: 'start it with version: 1, then tools:, grants:, steps: or agents:',
    });
    return { ok: false, diagnostics };
  }
  const schemaProblems = checkAgainstSchema(policySchema, validatePolicyFile, source);
  diagnostics.push(...schemaProblems.map((problem) => problem.diagnostic));
  if (typeof source.value !== 'object' || Array.isArray(source.value))
    return { ok: false, diagnostics };
  const reported = schemaProblems.map((problem) => problem.path);
  const startsWith = (path: SourcePath, prefix: SourcePath) =>
    prefix.every((segment, index) => path[index] === segment);
  // A problem at or under a place the schema reported is not told again.
  const isReported = (path: SourcePath) => reported.some((at) => startsWith(path, at));
  // A step or agent with a schema problem anywhere in it is not built.
  const isBroken = (path: SourcePath) => reported.some((at) => startsWith(at, path));

  const doc = source.value as PolicyDocument;
  const builtins = isBroken(['builtins']) ? 'self-run' : (doc.builtins ?? 'self-run');
  const registry = buildRegistry(
    builtins,
    Array.isArray(doc.tools) ? doc.tools : [],
    source,
    isReported,
    diagnostics,
  );
  const servers = buildServers(
    isObject(doc.servers) ? doc.servers : {},
    source,
    isBroken,
    diagnostics,
  );
  // Offline (issue 30): the lock's definitions stand for the servers, so no server need run.
  const locked =
    options.lock === undefined || servers.size === 0
      ? undefined
      : registerLockedTools(
          servers,
          options.offline === true ? registry : undefined,
          options.lock,
          files,
          source,
          diagnostics,
        );
  const grantSpecs = isObject(doc.grants) ? doc.grants : {};
  const grants = buildGrants(grantSpecs, registry, source, isReported, diagnostics, {
    servers: [...servers.keys()],
    locked,
    pending: options.lockPending === true,
  });
  if (servers.size > 0)
    checkServerRefs(
      grantSpecs,
      servers,
      locked,
      !Array.isArray(doc.tools) || doc.tools.length === 0,
      source,
      diagnostics,
    );
  const steps = new Map<string, Step>();
  for (const [name, step] of Object.entries(isObject(doc.steps) ? doc.steps : {})) {
    if (!isBroken(['steps', name]))
      steps.set(name, Object.freeze({ name, tools: Object.freeze([...step.tools]) }));
  }
  const agents = buildAgents(
    isObject(doc.agents) ? doc.agents : {},
    file,
    files,
    source,
    isBroken,
    diagnostics,
  );

  if (diagnostics.some((diagnostic) => diagnostic.severity === 'error')) {
    return { ok: false, diagnostics: sortDiagnostics(diagnostics) };
  }
  const policy: Policy = {
    file,
    source,
    registry,
    grants,
    grantSpecs: new Map(Object.entries(grantSpecs)),
    steps,
    agents,
    servers,
    proxy: readProxySettings(isObject(doc.proxy) && !isBroken(['proxy']) ? doc.proxy : undefined),
  };
  diagnostics.push(...lintPolicy(policy));
  return { ok: true, policy, diagnostics: sortDiagnostics(diagnostics) };
}

function isObject<T>(value: T | undefined): value is T {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
