import { join } from 'node:path';
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { hasOwn } from '../../data/hasOwn.js';
import { isPlainObject } from '../../data/isPlainObject.js';

/** The MCP clients `toolgate mcp wrap` knows. */
export const CLIENTS = ['claude-desktop', 'claude-code', 'cursor', 'vscode'] as const;
export type ClientName = (typeof CLIENTS)[number];

/** How one client keeps its MCP servers. */
export interface ClientKind {
  readonly name: ClientName;
  /** The top-level key holding the servers by name. */
  readonly key: 'mcpServers' | 'servers';
  /** Whether its stdio entries carry `type: "stdio"`. */
  readonly typed: boolean;
}

const KINDS: Readonly<Record<ClientName, ClientKind>> = {
  'claude-desktop': { name: 'claude-desktop', key: 'mcpServers', typed: false },
  'claude-code': { name: 'claude-code', key: 'mcpServers', typed: true },
  cursor: { name: 'cursor', key: 'mcpServers', typed: false },
  vscode: { name: 'vscode', key: 'servers', typed: true },
};

export function clientKind(name: ClientName): ClientKind {
  return KINDS[name];
}

export function isClientName(value: string): value is ClientName {
  return (CLIENTS as readonly string[]).includes(value);
}

/**
 * Where the client keeps its MCP servers when no `--config` is given: Claude
 * Desktop's config file (macOS and Linux), Claude Code's project file
 * `.mcp.json`, Cursor's `~/.cursor/mcp.json`, VS Code's workspace file
 * `.vscode/mcp.json` (both of those in the working folder).
 *
 * // ('claude-desktop', { home: '/home/me', cwd: '/p', platform: 'linux' }) => '/home/me/.config/Claude/claude_desktop_config.json'
 */
export function defaultConfigPath(
  client: ClientName,
  where: { readonly home: string; readonly cwd: string; readonly platform: NodeJS.Platform },
): string {
  switch (client) {
    case 'claude-desktop':
      return where.platform === 'darwin'
        ? join(where.home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json')
        : join(where.home, '.config', 'Claude', 'claude_desktop_config.json');
    case 'claude-code':
      return join(where.cwd, '.mcp.json');
    case 'cursor':
      return join(where.home, '.cursor', 'mcp.json');
    case 'vscode':
      return join(where.cwd, '.vscode', 'mcp.json');
  }
}

/** A server of the client's config, as `toolgate mcp` can start it, or why it stays as it is. */
export type ClientServer =
  | {
      readonly name: string;
      readonly kind: 'stdio';
      readonly command: string;
      readonly args: readonly string[];
      readonly env?: Readonly<Record<string, string>>;
      readonly cwd?: string;
    }
  | { readonly name: string; readonly kind: 'url'; readonly url: string }
  | { readonly name: string; readonly kind: 'kept'; readonly why: string };

/** What a client's config file holds: its servers, in file order, or what is wrong with it. */
export type ReadConfig =
  | { readonly ok: true; readonly value: unknown; readonly servers: readonly ClientServer[] }
  | { readonly ok: false; readonly problem: string };

const SERVER_NAME = /^[a-z][\w-]{0,63}$/i;
/** Keys of a server entry this reading understands; any other keeps the server as it is. */
const STDIO_KEYS = new Set(['type', 'command', 'args', 'env', 'cwd']);
const URL_KEYS = new Set(['type', 'url']);

/**
 * Reads a client's MCP config (JSON with comments and trailing commas, as
 * VS Code writes it). A server toolgate cannot start exactly as the client
 * would is `kept`, with the reason: a name that is not a policy server name,
 * a `${…}` variable the client fills in (toolgate would pass it as written),
 * `headers` or `envFile`, or any key this reading does not know.
 *
 * // ('{"mcpServers":{"fs":{"command":"node","args":["fs.js"]}}}', claude-desktop) => { ok: true, servers: [{ name: 'fs', kind: 'stdio', … }] }
 */
export function readClientConfig(text: string, client: ClientKind): ReadConfig {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first !== undefined) {
    const line = text.slice(0, first.offset).split('\n').length;
    return {
      ok: false,
      problem: `it is not JSON: ${printParseErrorCode(first.error)} at line ${String(line)}`,
    };
  }
  if (!isPlainObject(value)) return { ok: false, problem: 'it is not a JSON object' };
  if (!hasOwn(value, client.key)) return { ok: true, value, servers: [] };
  const entries: unknown = value[client.key];
  if (!isPlainObject(entries))
    return { ok: false, problem: `its "${client.key}" is not an object of servers by name` };
  const servers = Object.entries(entries).map(([name, entry]) => readServer(name, entry));
  return { ok: true, value, servers };
}

function readServer(name: string, entry: unknown): ClientServer {
  const kept = (why: string): ClientServer => ({ name, kind: 'kept', why });
  if (!SERVER_NAME.test(name))
    return kept('its name is not a policy server name (a letter, then letters, digits, _ or -)');
  if (!isPlainObject(entry)) return kept('its entry is not an object');
  if (JSON.stringify(entry).includes('${'))
    return kept('it uses a ${…} variable the client fills in, which toolgate cannot');
  const keys = Object.keys(entry);
  const type = hasOwn(entry, 'type') ? entry.type : undefined;
  if (hasOwn(entry, 'url')) {
    const unknown = keys.filter((key) => !URL_KEYS.has(key));
    if (unknown.length > 0)
      return kept(`toolgate mcp cannot pass its ${unknown.join(', ')} to a URL server`);
    if (typeof entry.url !== 'string' || !/^https?:\/\//.test(entry.url))
      return kept('its url is not an http(s) URL');
    if (type !== undefined && type !== 'http' && type !== 'streamable-http')
      return kept(
        `toolgate mcp speaks Streamable HTTP to a URL server, not ${JSON.stringify(type)}`,
      );
    return { name, kind: 'url', url: entry.url };
  }
  const unknown = keys.filter((key) => !STDIO_KEYS.has(key));
  if (unknown.length > 0) return kept(`toolgate mcp does not read its ${unknown.join(', ')}`);
  if (type !== undefined && type !== 'stdio')
    return kept(`its type ${JSON.stringify(type)} is not stdio`);
  if (typeof entry.command !== 'string' || entry.command === '') return kept('it has no command');
  const args: unknown = hasOwn(entry, 'args') ? entry.args : [];
  if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string'))
    return kept('its args are not a list of strings');
  const env: unknown = hasOwn(entry, 'env') ? entry.env : undefined;
  if (
    env !== undefined &&
    (!isPlainObject(env) || !Object.values(env).every((item) => typeof item === 'string'))
  )
    return kept('its env is not an object of strings');
  const cwd: unknown = hasOwn(entry, 'cwd') ? entry.cwd : undefined;
  if (cwd !== undefined && typeof cwd !== 'string') return kept('its cwd is not a string');
  return {
    name,
    kind: 'stdio',
    command: entry.command,
    args,
    ...(env === undefined ? {} : { env: env as Record<string, string> }),
    ...(cwd === undefined ? {} : { cwd }),
  };
}
