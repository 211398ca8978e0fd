import { isMap, isScalar, isSeq, type Pair } from 'yaml';
import { findPair, keyText, type ManifestFile } from './manifestFile.js';
import { readAgentTools } from './readAgentTools.js';
import type { KortixAgent, KortixDiagnostic } from './types.js';

/** A secret grant as written, with the node of each name for diagnostics. */
interface SecretsRead {
  readonly secrets: 'all' | readonly string[];
  readonly nodes: readonly unknown[];
}

/**
 * Reads `agents:` of every file: each agent's tools (five forms) and
 * secrets (`all` or a list). An agent declared in two files is an error. In
 * a `kortix_version: 2` manifest, a granted secret not declared under
 * `env:` is an error.
 */
export function readAgentEntries(
  files: readonly ManifestFile[],
  loaded: ReadonlySet<string>,
  kortixVersion: unknown,
  diagnostics: KortixDiagnostic[],
): KortixAgent[] {
  const agents: KortixAgent[] = [];
  const declaredIn = new Map<string, string>();
  const declaredEnv = readEnvNames(files);
  for (const file of files) {
    const pair = findPair(file.map, 'agents');
    if (pair === undefined || (isScalar(pair.value) && pair.value.value === null)) continue;
    if (!isMap(pair.value)) {
      diagnostics.push(
        file.diagnose(
          pair.value ?? pair.key,
          'error',
          'invalid_agents',
          'agents: must be a map of agent names to their settings',
          'write each agent as a key under agents:, such as researcher: { tools: [read, grep] }',
        ),
      );
      continue;
    }
    for (const entry of pair.value.items) {
      const name = keyText(entry) ?? '';
      const first = declaredIn.get(name);
      if (first !== undefined) {
        diagnostics.push(
          file.diagnose(
            entry.key,
            'error',
            'duplicate_agent',
            `the agent ${name} is declared in two files: ${first} and ${file.path}`,
            `declare ${name} in one file only`,
          ),
        );
        continue;
      }
      declaredIn.set(name, file.path);
      const agent = readAgent(file, name, entry, loaded, diagnostics);
      if (agent === undefined) continue;
      agents.push(agent.agent);
      if (kortixVersion === 2)
        checkSecretsDeclared(file, name, agent.secrets, declaredEnv, diagnostics);
    }
  }
  return agents;
}

function readAgent(
  file: ManifestFile,
  name: string,
  entry: Pair,
  loaded: ReadonlySet<string>,
  diagnostics: KortixDiagnostic[],
): { agent: KortixAgent; secrets: SecretsRead } | undefined {
  const value = entry.value;
  if (value !== null && !(isScalar(value) && value.value === null) && !isMap(value)) {
    diagnostics.push(
      file.diagnose(
        value,
        'error',
        'invalid_agents',
        `agents.${name} must be a map of its settings`,
        "write the agent's settings under it, such as tools: [read, grep]",
      ),
    );
    return undefined;
  }
  const settings = isMap(value) ? value : undefined;
  const toolsPair = findPair(settings, 'tools');
  const tools = readAgentTools(
    toolsPair === undefined ? undefined : (toolsPair.value ?? toolsPair.key),
    { file, agent: name, loaded, diagnostics },
  );
  const secrets = readSecrets(file, name, findPair(settings, 'secrets'), diagnostics);
  if (tools === undefined || secrets === undefined) return undefined;
  return { agent: { name, tools, secrets: secrets.secrets, file: file.path }, secrets };
}

function readSecrets(
  file: ManifestFile,
  agent: string,
  pair: Pair | undefined,
  diagnostics: KortixDiagnostic[],
): SecretsRead | undefined {
  if (pair === undefined) return { secrets: [], nodes: [] };
  const value = pair.value;
  if (isScalar(value) && value.value === 'all') return { secrets: 'all', nodes: [] };
  if (
    isSeq(value) &&
    value.items.every((item) => isScalar(item) && typeof item.value === 'string')
  ) {
    return {
      secrets: value.items.map((item) => (item as { value: string }).value),
      nodes: value.items,
    };
  }
  diagnostics.push(
    file.diagnose(
      value ?? pair.key,
      'error',
      'invalid_agents',
      `agents.${agent}.secrets must be all or a list of secret names`,
      'write secrets: all, or a list such as [WEATHER_API_KEY]',
    ),
  );
  return undefined;
}

/** Every name listed under `env:` in any file: `env: { optional: [...], required: [...] }` or a plain list. */
function readEnvNames(files: readonly ManifestFile[]): ReadonlySet<string> {
  const names = new Set<string>();
  const addList = (node: unknown) => {
    if (!isSeq(node)) return;
    for (const item of node.items)
      if (isScalar(item) && typeof item.value === 'string') names.add(item.value);
  };
  for (const file of files) {
    const env = findPair(file.map, 'env')?.value;
    addList(env);
    if (isMap(env)) for (const pair of env.items) addList(pair.value);
  }
  return names;
}

function checkSecretsDeclared(
  file: ManifestFile,
  agent: string,
  read: SecretsRead,
  declared: ReadonlySet<string>,
  diagnostics: KortixDiagnostic[],
): void {
  if (read.secrets === 'all') return;
  read.secrets.forEach((secret, index) => {
    if (declared.has(secret)) return;
    diagnostics.push(
      file.diagnose(
        read.nodes[index],
        'error',
        'undeclared_secret',
        `agents.${agent}.secrets grants ${secret}, which is not declared under env:`,
        `declare it: env: { optional: [${secret}] }`,
      ),
    );
  });
}
