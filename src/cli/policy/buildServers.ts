import type { ResourceSpec } from '../../registry/types.js';
import { readResources } from '../../registry/readResources.js';
import { diagnose, type Diagnostic } from '../diagnostics.js';
import { formatSourcePath } from './formatSourcePath.js';
import type { SourcePath, YamlSource } from './readYamlSource.js';

/** Where an upstream tool's arguments name resources, and what it reaches itself. */
export interface ServerToolBinding {
  readonly resources?: readonly ResourceSpec[];
  readonly network?: readonly string[];
  readonly secrets?: readonly string[];
}

/** One upstream MCP server of a policy's `servers:` section (SPEC §12). */
export interface PolicyServer {
  readonly name: string;
  readonly command?: string;
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  readonly url?: string;
  readonly tools: Readonly<Record<string, ServerToolBinding>>;
  /** Forward the server's resources (default false). */
  readonly resources: boolean;
  /** Forward the server's prompts (default false). */
  readonly prompts: boolean;
}

/** The policy's `proxy:` section, with its defaults filled in. */
export interface ProxySettings {
  /** Resolve symlinks in the folder check; false only when the policy says so. */
  readonly realpath: boolean;
  readonly refreshSeconds?: number;
  readonly callTimeoutMs: number;
}

/** The default deadline of an upstream call. */
export const DEFAULT_CALL_TIMEOUT_MS = 60_000;

/**
 * Builds the `servers:` section (already shape-checked by the schema) and
 * places what the schema cannot see: a resource pointer that does not
 * parse, each at its file, line and column. A server with a problem is left
 * out; the policy then has an error, so nothing starts.
 *
 * // { fs: { command: 'node', args: ['fs.js'] } } => Map { fs => { name: 'fs', command: 'node', args: ['fs.js'], tools: {}, … } }
 */
export function buildServers(
  specs: Readonly<Record<string, unknown>>,
  source: YamlSource,
  isBroken: (path: SourcePath) => boolean,
  diagnostics: Diagnostic[],
): Map<string, PolicyServer> {
  const servers = new Map<string, PolicyServer>();
  for (const [name, raw] of Object.entries(specs)) {
    if (isBroken(['servers', name])) continue;
    const spec = raw as Omit<PolicyServer, 'name' | 'tools' | 'resources' | 'prompts'> & {
      readonly tools?: Readonly<Record<string, ServerToolBinding>>;
      readonly resources?: boolean;
      readonly prompts?: boolean;
    };
    let ok = true;
    const stdio = ['command', 'args', 'env', 'cwd'].filter((key) => key in spec);
    if (
      (spec.command === undefined) === (spec.url === undefined) ||
      (spec.url !== undefined && stdio.length > 0)
    ) {
      ok = false;
      diagnostics.push(
        diagnose(
          source.place(['servers', name]),
          'error',
          'invalid_server',
          `servers.${name} must have either command (with args, env, cwd) for stdio, or url for Streamable HTTP`,
          spec.command === undefined && spec.url === undefined
            ? 'add command (with args) for stdio, or url for Streamable HTTP'
            : 'keep command or url, not both',
        ),
      );
    }
    for (const [tool, binding] of Object.entries(spec.tools ?? {})) {
      const problems: string[] = [];
      readResources(binding.resources, problems);
      if (problems.length === 0) continue;
      ok = false;
      const path: SourcePath = ['servers', name, 'tools', tool, 'resources'];
      for (const problem of problems)
        diagnostics.push(
          diagnose(
            source.place(path),
            'error',
            'invalid_binding',
            `${formatSourcePath(path)}: ${problem}`,
            'write each resource as { kind: path | url | host | secret, at: /json/pointer, access?: read | write }',
          ),
        );
    }
    if (!ok) continue;
    servers.set(
      name,
      Object.freeze({
        ...spec,
        name,
        tools: spec.tools ?? {},
        resources: spec.resources === true,
        prompts: spec.prompts === true,
      }),
    );
  }
  return servers;
}

/** The `proxy:` section with its defaults: realpath on, a 60 s call deadline. */
export function readProxySettings(
  spec: Readonly<Record<string, unknown>> | undefined,
): ProxySettings {
  const refresh = spec?.refreshSeconds;
  const timeout = spec?.callTimeoutMs;
  return Object.freeze({
    realpath: spec?.realpath !== false,
    ...(typeof refresh === 'number' ? { refreshSeconds: refresh } : {}),
    callTimeoutMs: typeof timeout === 'number' ? timeout : DEFAULT_CALL_TIMEOUT_MS,
  });
}
