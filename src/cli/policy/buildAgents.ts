import { dirname, join } from 'node:path';
import { createCoresourceAgent } from '../../coresource/createCoresourceAgent.js';
import type { CoresourceAgentConfig } from '../../coresource/types.js';
import { messageOf } from '../../data/messageOf.js';
import { loadKortixManifestFiles } from '../../kortix/node/loadKortixManifestFiles.js';
import { parseKortixManifest } from '../../kortix/parseKortixManifest.js';
import { resolveKortixVisibility } from '../../kortix/resolveKortixVisibility.js';
import type { KortixHarness } from '../../kortix/types.js';
import { diagnose, type Diagnostic } from '../diagnostics.js';
import { formatSourcePath } from './formatSourcePath.js';
import type { SourcePath, YamlSource } from './readYamlSource.js';
import type { PolicyAgent, PolicyFiles } from './types.js';

/** `agents.<name>.kortix`, as the schema admits it. */
interface KortixAgentSpec {
  readonly manifest: string;
  readonly agent: string;
  readonly harness: KortixHarness;
  readonly parent?: string;
  readonly harnessTools?: readonly string[];
}

/** `agents.<name>`: exactly one of its three keys (the schema checked that). */
interface AgentSpec {
  readonly visible?: readonly string[];
  readonly kortix?: KortixAgentSpec;
  readonly coresource?: CoresourceAgentConfig & {
    readonly serverTools?: Readonly<Record<string, readonly string[]>>;
  };
}

/**
 * Resolves each agent's `visible` list: as written, from an agent of a
 * Kortix manifest (read from disk, relative to the policy file, its own
 * diagnostics reported at their places), or from a Coresource agent
 * configuration. Any error leaves the agent out, and the policy fails to load.
 */
export function buildAgents(
  specs: Readonly<Record<string, unknown>>,
  policyFile: string,
  files: PolicyFiles,
  source: YamlSource,
  isBroken: (path: SourcePath) => boolean,
  diagnostics: Diagnostic[],
): Map<string, PolicyAgent> {
  const agents = new Map<string, PolicyAgent>();
  for (const [name, value] of Object.entries(specs)) {
    const base: SourcePath = ['agents', name];
    if (isBroken(base)) continue;
    const spec = value as AgentSpec;
    if (spec.visible !== undefined) {
      agents.set(name, { name, source: 'visible', visible: Object.freeze([...spec.visible]) });
    } else if (spec.kortix !== undefined) {
      const visible = resolveKortix(
        spec.kortix,
        [...base, 'kortix'],
        policyFile,
        files,
        source,
        diagnostics,
      );
      if (visible !== undefined) agents.set(name, { name, source: 'kortix', visible });
    } else if (spec.coresource !== undefined) {
      const visible = resolveCoresource(
        spec.coresource,
        [...base, 'coresource'],
        source,
        diagnostics,
      );
      if (visible !== undefined) agents.set(name, { name, source: 'coresource', visible });
    }
  }
  return agents;
}

function resolveKortix(
  spec: KortixAgentSpec,
  base: SourcePath,
  policyFile: string,
  files: PolicyFiles,
  source: YamlSource,
  diagnostics: Diagnostic[],
): readonly string[] | undefined {
  const manifestPath = join(dirname(policyFile), spec.manifest);
  let parsed: ReturnType<typeof parseKortixManifest>;
  try {
    const fs = { readFileSync: (path: string) => files.readFile(path), existsSync: files.exists };
    parsed = parseKortixManifest(loadKortixManifestFiles(manifestPath, { fs }));
  } catch (error) {
    diagnostics.push(
      diagnose(
        source.place([...base, 'manifest']),
        'error',
        'unreadable_file',
        `${formatSourcePath([...base, 'manifest'])}: cannot read ${manifestPath}: ${messageOf(error)}`,
        'check the path: it is relative to the policy file',
      ),
    );
    return undefined;
  }
  const folder = dirname(manifestPath);
  for (const found of parsed.diagnostics) {
    const place = { file: join(folder, found.file), line: found.line, column: found.column };
    diagnostics.push(diagnose(place, found.severity, found.code, found.message, found.fix));
  }
  if (!parsed.ok) return undefined;
  try {
    return resolveKortixVisibility(parsed.manifest, {
      agent: spec.agent,
      harness: spec.harness,
      ...(spec.parent === undefined ? {} : { parent: spec.parent }),
      ...(spec.harnessTools === undefined ? {} : { harnessTools: spec.harnessTools }),
    });
  } catch (error) {
    const agents = parsed.manifest.agents.map((agent) => agent.name).join(', ') || 'none';
    diagnostics.push(
      diagnose(
        source.place([...base, 'agent']),
        'error',
        'invalid_agent',
        `${formatSourcePath(base)}: ${messageOf(error)}`,
        `name an agent the manifest declares (${agents})`,
      ),
    );
    return undefined;
  }
}

function resolveCoresource(
  spec: NonNullable<AgentSpec['coresource']>,
  base: SourcePath,
  source: YamlSource,
  diagnostics: Diagnostic[],
): readonly string[] | undefined {
  const { serverTools, ...config } = spec;
  try {
    const resolved = createCoresourceAgent(
      config,
      serverTools === undefined ? {} : { serverTools },
    );
    for (const entry of resolved.unmatched) {
      const index = config.toolAllowlist?.indexOf(entry) ?? -1;
      diagnostics.push(
        diagnose(
          source.place(index === -1 ? base : [...base, 'toolAllowlist', index]),
          'warning',
          'unmatched_allowlist_entry',
          `${formatSourcePath(base)}.toolAllowlist entry ${entry} matches no tool the configuration has, so it shows nothing`,
          'configure the tool, or remove the entry',
        ),
      );
    }
    return resolved.visible;
  } catch (error) {
    // Coresource's own rules throw a TypeError naming the tool, one line per problem.
    for (const line of messageOf(error).split('\n')) {
      diagnostics.push(
        diagnose(
          source.place(base, 'key'),
          'error',
          'invalid_agent',
          `${formatSourcePath(base)}: ${line}`,
          'fix the configuration as the message says',
        ),
      );
    }
    return undefined;
  }
}
