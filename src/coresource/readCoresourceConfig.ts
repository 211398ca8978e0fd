import { describeValue } from '../data/describeValue.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { invalidToolName, isCoresourceToolName } from './isCoresourceToolName.js';
import type { CoresourceAgentConfig, CoresourceAgentOptions } from './types.js';

/** A checked configuration: only what deciding the tools reads. */
export interface CoresourceConfig {
  readonly custom: readonly string[];
  /** `undefined`: runtime tools not registered. */
  readonly runtime: readonly string[] | undefined;
  readonly skills: boolean;
  readonly mcpAliases: readonly string[];
  readonly imageModel: boolean;
  readonly localNamespaces: readonly string[];
  readonly serverTools: ReadonlyMap<string, readonly string[]>;
  readonly allowlist: readonly string[] | undefined;
  readonly maxTools: number | undefined;
}

/**
 * Checks a configuration the way creating the agent does. A tool name that
 * breaks `^[A-Za-z][A-Za-z0-9_-]{0,63}$`, or two custom tools sharing a
 * name, throw a `TypeError` naming the tool (every such problem, one per
 * line). Any other malformed value throws `ToolgateError` (`invalid_option`).
 */
export function readCoresourceConfig(
  config: CoresourceAgentConfig,
  options: CoresourceAgentOptions,
): CoresourceConfig {
  const input: unknown = config;
  if (!isPlainObject(input))
    throw invalidOption('the configuration must be an object such as { tools: [...] }');
  const names: string[] = [];
  const custom = list(input.tools, 'tools').map((tool, index) => {
    if (!isPlainObject(tool) || !Object.hasOwn(tool, 'name'))
      throw invalidOption(`tools[${index}] must be an object with a name`);
    return checkName(tool.name, 'the tool name', names);
  });
  const seen = new Set<string>();
  for (const name of custom) {
    if (seen.has(name))
      names.push(
        `two of your tools share the name ${JSON.stringify(name)}; rename one: that is a mistake, not a configuration choice`,
      );
    seen.add(name);
  }
  const runtime =
    input.runtimeTools === undefined
      ? undefined
      : list(input.runtimeTools, 'runtimeTools').map((name) =>
          checkName(name, 'the runtime-catalog tool name', names),
        );
  const skills = list(input.skills, 'skills').length > 0;
  if (input.mcpServers !== undefined && !isPlainObject(input.mcpServers))
    throw invalidOption('mcpServers must be an object of servers by alias');
  const mcpAliases = Object.keys(input.mcpServers ?? {}).map((alias) =>
    checkName(alias, 'the MCP server alias', names),
  );
  if (input.imageModel !== undefined && typeof input.imageModel !== 'string')
    throw invalidOption('imageModel must be a model name');
  const localNamespaces = list(input.localMcpServers, 'localMcpServers').map((server, index) => {
    if (
      !isPlainObject(server) ||
      typeof server.name !== 'string' ||
      !['string', 'undefined'].includes(typeof server.namespace)
    ) {
      throw invalidOption(`localMcpServers[${index}] must be { name, namespace? }`);
    }
    return checkName(server.namespace ?? server.name, 'the local MCP namespace', names);
  });
  const serverTools = readServerTools(options, names);
  if (names.length > 0) throw new TypeError(names.join('\n'));
  return {
    custom,
    runtime: runtime === undefined ? undefined : [...new Set(runtime)],
    skills,
    mcpAliases,
    imageModel: typeof input.imageModel === 'string' && input.imageModel !== '',
    localNamespaces,
    serverTools,
    allowlist:
      input.toolAllowlist === undefined
        ? undefined
        : list(input.toolAllowlist, 'toolAllowlist').map(readAllowlistEntry),
    maxTools: readMaxTools(input.maxTools),
  };
}

function readServerTools(
  options: CoresourceAgentOptions,
  names: string[],
): ReadonlyMap<string, readonly string[]> {
  const input: unknown = options;
  if (!isPlainObject(input))
    throw invalidOption('the options must be an object such as { serverTools }');
  const byPrefix = input.serverTools ?? {};
  if (!isPlainObject(byPrefix))
    throw invalidOption('serverTools must be an object of tool-name lists by alias or namespace');
  return new Map(
    Object.entries(byPrefix).map(([prefix, tools]) => [
      prefix,
      [
        ...new Set(
          list(tools, `serverTools.${prefix}`).map((name) =>
            checkName(name, `the ${prefix} server's tool name`, names),
          ),
        ),
      ],
    ]),
  );
}

/** An allowlist entry: `*`, a tool name, or segments of tool names joined by `/`, the last of which may be `*`. */
function readAllowlistEntry(entry: unknown, index: number): string {
  const segments = typeof entry === 'string' ? entry.split('/') : [];
  const valid =
    entry === '*' ||
    (segments.length > 0 &&
      segments.every(
        (segment, at) =>
          isCoresourceToolName(segment) ||
          (at > 0 && at === segments.length - 1 && segment === '*'),
      ));
  if (!valid)
    throw invalidOption(
      `toolAllowlist[${index}] ${JSON.stringify(entry)} must be a tool name, <prefix>/*, or *`,
    );
  return entry as string;
}

function readMaxTools(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw invalidOption(`maxTools ${describeValue(value)} must be a whole number of 0 or more`);
  return value;
}

/** Records the name's problem (if any) and returns it as a string either way, so reading can go on. */
function checkName(name: unknown, what: string, problems: string[]): string {
  if (!isCoresourceToolName(name)) problems.push(invalidToolName(name, what).message);
  return String(name);
}

function list(value: unknown, key: string): readonly unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalidOption(`${key} must be a list`);
  return value;
}

function invalidOption(message: string): ToolgateError {
  return new ToolgateError('invalid_option', `createCoresourceAgent: ${message}`);
}
