import { isToolName } from '../registry/isToolName.js';

/** The toolgate name a listed tool is registered under, or why it has none. */
export type ListedToolName =
  { readonly ok: true; readonly name: string } | { readonly ok: false; readonly problem: string };

/** The characters MCP allows in a tool name (2025-11-25), plus `/`, which some servers send. */
const MCP_NAME = /^[\w./-]+$/;
/** What a segment that does not start with a letter is prefixed with. */
const PREFIX = 'mcp_';

/**
 * The toolgate name an MCP tool name reads as, before collisions: each `.`
 * becomes `_`, and a `/`-separated segment that does not start with a
 * letter gets `mcp_` in front (MCP allows `repo.get` and `1password`;
 * toolgate segments start with a letter and have no `.`). Undefined when
 * the name has a character MCP does not allow.
 *
 * // repo.get => repo_get;  1password => mcp_1password;  read_file => read_file;  caf\u00e9 => undefined
 */
export function toToolgateName(mcpName: string): string | undefined {
  if (!MCP_NAME.test(mcpName)) return undefined;
  return mcpName
    .split('/')
    .map((segment) => {
      const mapped = segment.replaceAll('.', '_');
      return mapped === '' || /^[a-z]/i.test(mapped) ? mapped : `${PREFIX}${mapped}`;
    })
    .join('/');
}

/**
 * Names each tool of one listing: `NAMESPACE/NAME` (or `NAME`) with the MCP
 * name mapped by `toToolgateName`. Two MCP names that read as one toolgate
 * name cannot both be served under it: a name that needed no mapping keeps
 * it (so a server that adds `repo.get` beside `repo_get` never moves the
 * ref an approval names), and every mapped name in the collision is left
 * without one, with a problem naming both. The answer does not depend on the
 * order of the listing. Keys are MCP names.
 *
 * // ([repo.get, repo_get], 'gh') => { repo.get: problem "… also names gh/repo_get …", repo_get: gh/repo_get }
 */
export function nameListedTools(
  mcpNames: readonly string[],
  namespace: string | undefined,
): ReadonlyMap<string, ListedToolName> {
  const qualify = (name: string) => (namespace === undefined ? name : `${namespace}/${name}`);
  const mapped = new Map<string, string | undefined>();
  const holders = new Map<string, string[]>();
  for (const mcpName of new Set(mcpNames)) {
    const local = toToolgateName(mcpName);
    const name = local === undefined ? undefined : qualify(local);
    mapped.set(mcpName, name);
    if (name === undefined) continue;
    const list = holders.get(name);
    if (list === undefined) holders.set(name, [mcpName]);
    else list.push(mcpName);
  }
  const names = new Map<string, ListedToolName>();
  for (const [mcpName, name] of mapped) {
    if (name === undefined || !isToolName(name)) {
      names.set(mcpName, {
        ok: false,
        problem: `${JSON.stringify(qualify(mcpName))} is not a toolgate tool name and cannot be read as one (MCP names use letters, digits, "_", "-" and "."; a toolgate name is 1 to 4 segments of at most 128 characters in all)`,
      });
      continue;
    }
    const others = (holders.get(name) ?? []).filter((other) => other !== mcpName);
    const unmapped = qualify(mcpName) === name;
    if (others.length === 0 || unmapped) {
      names.set(mcpName, { ok: true, name });
      continue;
    }
    names.set(mcpName, {
      ok: false,
      problem: `${JSON.stringify(mcpName)} reads as ${name}, as ${others.map((other) => JSON.stringify(other)).join(' and ')} ${others.length === 1 ? 'does' : 'do'}, so it is not served (only a name that needs no mapping keeps its reading); rename one on the server`,
    });
  }
  return names;
}
