import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { createTwoFilesPatch } from 'diff';
import { applyEdits, modify, parse } from 'jsonc-parser';
import { hasOwn } from '../../data/hasOwn.js';
import { isPlainObject } from '../../data/isPlainObject.js';
import { messageOf } from '../../data/messageOf.js';
import { START_TIMEOUT_MS } from '../../proxy/createUpstream.js';
import { listServerTools } from '../../proxy/listServerTools.js';
import { EXIT } from '../exitCodes.js';
import { printable } from '../format/printable.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parseCommandArgs.js';
import {
  CLIENTS,
  clientKind,
  defaultConfigPath,
  isClientName,
  readClientConfig,
  type ClientKind,
  type ClientServer,
} from '../wrap/clientConfig.js';
import { formatWrapPolicy, type WrappedServer } from '../wrap/formatWrapPolicy.js';
import { rewriteClientConfig } from '../wrap/rewriteClientConfig.js';
import { theCliScript } from './mcpDoctor.js';
import { mcpLock } from './mcpLock.js';
import { usageError } from './usageError.js';

const OPTIONS = {
  client: { type: 'string' },
  config: { type: 'string' },
  policy: { type: 'string' },
  'dry-run': { type: 'boolean' },
} as const;

/** What wrap keeps beside the config: the config as it was, and how to tell it wrote the current one. */
interface Backup {
  readonly version: 1;
  readonly client: string;
  readonly policy: string;
  /** The config's text before wrap, byte for byte. */
  readonly original: string;
  /** sha256 (hex) of the text wrap wrote. */
  readonly wrapped: string;
}

/** The backup of a config: beside it, readable by its owner only (the config may hold secrets). */
export function backupBeside(config: string): string {
  return `${config}.toolgate-backup.json`;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * `toolgate mcp wrap --client CLIENT [--config FILE] [--policy FILE]
 * [--dry-run]`: puts every server of the client's MCP config that toolgate
 * can start behind `toolgate mcp --audit`: writes a policy with those
 * servers and every tool they list granted, locks it, keeps a backup beside
 * the config and rewrites the config in place. `--dry-run` prints the
 * policy and the config's diff (env values and headers redacted) and writes
 * nothing. Running it again on the config it wrote changes nothing; a
 * config edited since is refused. Exit 0 done, 2 bad input or a config it
 * will not touch.
 */
export async function mcpWrap(
  args: readonly string[],
  io: CliIo,
  cliPath: string = theCliScript(),
): Promise<number> {
  const options = readOptions('mcp wrap', args, io);
  if (typeof options === 'number') return options;
  const { client, config, values } = options;
  const text = readConfig('mcp wrap', config, io);
  if (text === undefined) return EXIT.badInput;
  const backupFile = backupBeside(config);
  const backup = readBackup(backupFile);
  if (backup !== undefined) {
    if (backup !== 'unreadable' && backup.wrapped === sha256(text)) {
      io.stdout(
        `${config} is already wrapped by toolgate (policy ${backup.policy}); nothing changed\n`,
      );
      return EXIT.ok;
    }
    io.stderr(
      `toolgate mcp wrap: ${config} changed since toolgate mcp wrap wrote it (its backup ${backupFile} is there); run toolgate mcp unwrap --client ${client.name}${values.config === undefined ? '' : ` --config ${values.config}`} to restore it, or remove the backup if you restored it by hand\n`,
    );
    return EXIT.badInput;
  }
  const read = readClientConfig(text, client);
  if (!read.ok) {
    io.stderr(`toolgate mcp wrap: cannot read ${config}: ${read.problem}\n`);
    return EXIT.badInput;
  }
  const policyFile = resolve(values.policy ?? join(dirname(config), 'toolgate', 'policy.yaml'));
  if (existsSync(policyFile) && values['dry-run'] !== true) {
    io.stderr(
      `toolgate mcp wrap: ${policyFile} exists already; name another with --policy FILE (wrap writes a new policy)\n`,
    );
    return EXIT.badInput;
  }
  const servers: WrappedServer[] = [];
  for (const server of read.servers) {
    if (server.kind === 'kept') {
      io.stderr(
        `toolgate mcp wrap: ${printable(server.name)} stays as it is: ${printable(server.why)}\n`,
      );
      continue;
    }
    const tools = await listTools(server);
    if (typeof tools === 'string') {
      io.stderr(
        `toolgate mcp wrap: ${server.name} stays as it is: it could not be listed: ${printable(tools)}\n`,
      );
      continue;
    }
    servers.push({ server, tools });
  }
  if (servers.length === 0) {
    io.stderr(
      `toolgate mcp wrap: ${config} has no server toolgate can start and list; nothing changed\n`,
    );
    return EXIT.badInput;
  }
  const from = { client: client.name, config };
  const start = {
    command: process.execPath,
    args: [cliPath, 'mcp', '--policy', policyFile, '--audit'],
  };
  const rewritten = rewriteClientConfig(
    text,
    client,
    servers.map(({ server }) => server.name),
    read.servers.map((server) => server.name),
    start,
  );
  if (values['dry-run'] === true) {
    io.stdout(`# ${policyFile} (env values shown as [redacted])\n`);
    io.stdout(formatWrapPolicy(servers, from, true));
    io.stdout(
      `\n${createTwoFilesPatch(config, config, redacted(text, client), redacted(rewritten.text, client), 'as it is', 'wrapped')}`,
    );
    io.stdout('\n(dry run: nothing was written)\n');
    return EXIT.ok;
  }
  try {
    mkdirSync(dirname(policyFile), { recursive: true });
    writeFileSync(policyFile, formatWrapPolicy(servers, from), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    io.stderr(`toolgate mcp wrap: cannot write ${policyFile}: ${messageOf(error)}\n`);
    return EXIT.badInput;
  }
  const locked = await mcpLock(['--policy', policyFile], io);
  if (locked !== EXIT.ok) {
    io.stderr(`toolgate mcp wrap: the policy could not be locked; ${config} was not changed\n`);
    return locked;
  }
  const record: Backup = {
    version: 1,
    client: client.name,
    policy: policyFile,
    original: text,
    wrapped: sha256(rewritten.text),
  };
  try {
    writeFileSync(backupFile, `${JSON.stringify(record, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    io.stderr(`toolgate mcp wrap: cannot write the backup ${backupFile}: ${messageOf(error)}\n`);
    return EXIT.badInput;
  }
  try {
    replaceFile(config, rewritten.text);
  } catch (error) {
    // The config is as it was: a backup of it would make the next wrap think it was edited.
    rmSync(backupFile, { force: true });
    io.stderr(`toolgate mcp wrap: cannot rewrite ${config}: ${messageOf(error)}\n`);
    return EXIT.badInput;
  }
  const names = servers.map(({ server }) => server.name).join(', ');
  io.stdout(
    [
      `${config}: ${client.name} now starts toolgate mcp (entry "${rewritten.entry}") in place of ${names}; the config as it was is in ${backupFile}`,
      `${policyFile}: the policy, in audit mode (every call is let through and recorded)`,
      'next: restart the client and use it for a while; then',
      `  toolgate suggest --policy ${policyFile} --grant default   # the narrowest grant for what it did`,
      `  and drop --audit from the "${rewritten.entry}" entry to enforce it`,
      `undo: toolgate mcp unwrap --client ${client.name}${values.config === undefined ? '' : ` --config ${values.config}`}`,
      '',
    ].join('\n'),
  );
  return EXIT.ok;
}

/**
 * `toolgate mcp unwrap --client CLIENT [--config FILE]`: puts back the config
 * as it was before `wrap`, byte for byte, from the backup beside it, and
 * removes the backup (the policy, lock and records stay). Refuses when the
 * config changed since wrap wrote it. Exit 0 restored, 2 nothing to restore
 * or a config it will not touch.
 */
export function mcpUnwrap(args: readonly string[], io: CliIo): number {
  const options = readOptions('mcp unwrap', args, io);
  if (typeof options === 'number') return options;
  const { config } = options;
  const backupFile = backupBeside(config);
  const backup = readBackup(backupFile);
  if (backup === undefined) {
    io.stderr(
      `toolgate mcp unwrap: ${config} was not wrapped by toolgate mcp wrap (there is no ${backupFile})\n`,
    );
    return EXIT.badInput;
  }
  if (backup === 'unreadable') {
    io.stderr(
      `toolgate mcp unwrap: ${backupFile} is not a backup toolgate mcp wrap wrote; restore ${config} by hand\n`,
    );
    return EXIT.badInput;
  }
  const text = readConfig('mcp unwrap', config, io);
  if (text === undefined) return EXIT.badInput;
  if (sha256(text) !== backup.wrapped) {
    io.stderr(
      `toolgate mcp unwrap: ${config} changed since toolgate mcp wrap wrote it, so it is left as it is; the config as it was before wrap is the "original" of ${backupFile}: copy back what you need, then remove the backup\n`,
    );
    return EXIT.badInput;
  }
  try {
    replaceFile(config, backup.original);
    rmSync(backupFile);
  } catch (error) {
    io.stderr(`toolgate mcp unwrap: cannot restore ${config}: ${messageOf(error)}\n`);
    return EXIT.badInput;
  }
  io.stdout(
    `${config}: restored as it was before toolgate mcp wrap; the policy ${backup.policy} stays\n`,
  );
  return EXIT.ok;
}

function readOptions(
  command: 'mcp wrap' | 'mcp unwrap',
  args: readonly string[],
  io: CliIo,
):
  | number
  | {
      readonly client: ClientKind;
      readonly config: string;
      readonly values: { readonly config?: string; readonly policy?: string; 'dry-run'?: boolean };
    } {
  const parsed = parseCommandArgs(() =>
    parseArgs({ args: [...args], options: OPTIONS, allowPositionals: false, strict: true }),
  );
  if (!parsed.ok) return usageError(io, command, parsed.problem, false);
  const { values } = parsed.value;
  if (command === 'mcp unwrap' && (values.policy !== undefined || values['dry-run'] === true))
    return usageError(io, command, 'unwrap takes --client and --config only', false);
  if (values.client === undefined || !isClientName(values.client))
    return usageError(
      io,
      command,
      `name the client: --client ${CLIENTS.join('|')}${values.client === undefined ? '' : `, not ${JSON.stringify(values.client)}`}`,
      false,
    );
  const config = resolve(
    values.config ??
      defaultConfigPath(values.client, {
        home: homedir(),
        cwd: process.cwd(),
        platform: process.platform,
      }),
  );
  return { client: clientKind(values.client), config, values };
}

function readConfig(command: string, config: string, io: CliIo): string | undefined {
  try {
    return readFileSync(config, 'utf8');
  } catch (error) {
    io.stderr(
      `toolgate ${command}: cannot read ${config}: ${messageOf(error)}; name the client's config with --config FILE\n`,
    );
    return undefined;
  }
}

/** The backup beside a config, `undefined` when there is none, `'unreadable'` when it is not one. */
function readBackup(file: string): Backup | 'unreadable' | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return existsSync(file) ? 'unreadable' : undefined;
  }
  try {
    const value: unknown = JSON.parse(text);
    if (
      isPlainObject(value) &&
      value.version === 1 &&
      typeof value.original === 'string' &&
      typeof value.wrapped === 'string' &&
      typeof value.policy === 'string' &&
      typeof value.client === 'string'
    )
      return value as unknown as Backup;
  } catch {
    // not JSON: not a backup wrap wrote
  }
  return 'unreadable';
}

/** Writes `text` over `file` in one step (a file beside it, renamed over), keeping its mode. */
function replaceFile(file: string, text: string): void {
  const mode = statSync(file).mode & 0o777;
  const temporary = `${file}.toolgate-${String(process.pid)}.tmp`;
  writeFileSync(temporary, text, { flag: 'wx', mode });
  chmodSync(temporary, mode);
  renameSync(temporary, file);
}

async function listTools(
  server: Exclude<ClientServer, { readonly kind: 'kept' }>,
): Promise<Tool[] | string> {
  const { kind: _kind, ...spec } = server;
  try {
    return await listServerTools(
      { ...spec, tools: {}, resources: false, prompts: false },
      START_TIMEOUT_MS,
    );
  } catch (error) {
    return messageOf(error);
  }
}

/** The config text with every server's env values and headers shown as `[redacted]`: what a diff may print. */
function redacted(text: string, client: ClientKind): string {
  const value: unknown = parse(text, [], { allowTrailingComma: true });
  if (!isPlainObject(value) || !hasOwn(value, client.key)) return text;
  const servers: unknown = value[client.key];
  if (!isPlainObject(servers)) return text;
  let next = text;
  for (const [name, entry] of Object.entries(servers)) {
    if (!isPlainObject(entry)) continue;
    for (const field of ['env', 'headers']) {
      const values: unknown = hasOwn(entry, field) ? entry[field] : undefined;
      if (!isPlainObject(values)) continue;
      for (const key of Object.keys(values))
        next = applyEdits(next, modify(next, [client.key, name, field, key], '[redacted]', {}));
    }
  }
  return next;
}
