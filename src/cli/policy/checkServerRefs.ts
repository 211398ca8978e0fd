import { messageOf } from '../../data/messageOf.js';
import { registerListedTools } from '../../mcp/registerListedTools.js';
import { readLock } from '../../proxy/readLock.js';
import type { Registry } from '../../registry/types.js';
import { splitToolEntry } from '../../grant/splitToolEntry.js';
import { suggestName } from '../../kortix/suggestName.js';
import { diagnose, type Diagnostic } from '../diagnostics.js';
import type { PolicyServer } from './buildServers.js';
import { isToolPattern } from './expandToolPatterns.js';
import { formatSourcePath } from './formatSourcePath.js';
import type { SourcePath, YamlSource } from './readYamlSource.js';
import type { PolicyFiles } from './types.js';

/**
 * (issue 30) Reads a policy's lock offline, so `validate`, `check`, `test`,
 * `ls` and `diff` see an MCP policy as `toolgate mcp` will serve it, with
 * no server running: each locked definition of a policy server is
 * registered as `SERVER/TOOL@1` with the server's bindings (with no
 * `registry`, nothing is registered: `toolgate mcp` lists the servers
 * itself and reads only which refs are locked). Returns the
 * locked refs, or undefined when there is no lock (a warning: server refs
 * are then not checked) or it cannot be read (an error).
 */
export function registerLockedTools(
  servers: ReadonlyMap<string, PolicyServer>,
  registry: Registry | undefined,
  lockFile: string,
  files: PolicyFiles,
  source: YamlSource,
  diagnostics: Diagnostic[],
): ReadonlySet<string> | undefined {
  const at = source.place(['servers']);
  if (!files.exists(lockFile)) {
    diagnostics.push(
      diagnose(
        at,
        'warning',
        'no_lock',
        `no lock ${lockFile}: the SERVER/TOOL@1 refs the grants name are not checked, and calls to them are refused here`,
        `run toolgate mcp lock --policy ${source.file}`,
      ),
    );
    return undefined;
  }
  let text: string;
  try {
    text = files.readFile(lockFile);
  } catch (error) {
    diagnostics.push(
      diagnose(
        at,
        'error',
        'invalid_lock',
        `cannot read ${lockFile}: ${messageOf(error)}`,
        'check the file',
      ),
    );
    return undefined;
  }
  const read = readLock(text);
  if ('problem' in read) {
    diagnostics.push(
      diagnose(
        at,
        'error',
        'invalid_lock',
        `${lockFile}: ${read.problem}`,
        `run toolgate mcp lock --policy ${source.file}`,
      ),
    );
    return undefined;
  }
  const names = [...servers.keys()];
  const locked = new Set(
    [...read.lock.tools.keys()].filter((ref) => names.some((name) => ref.startsWith(`${name}/`))),
  );
  // Without a registry (toolgate mcp, which lists the servers itself): the locked refs only.
  if (registry === undefined) return locked;
  for (const server of servers.values()) {
    const prefix = `${server.name}/`;
    const definitions = [...read.lock.tools]
      .filter(([ref]) => ref.startsWith(prefix))
      .map(([, tool]) => tool.definition);
    const result = registerListedTools(definitions, registry, {
      namespace: server.name,
      scopes: server.tools,
      version: () => 1,
    });
    // A locked definition the registry refuses (its binding, its schema) is told, not lost.
    for (const skipped of result.skipped)
      diagnostics.push(
        diagnose(
          at,
          'warning',
          'unregistered_tool',
          `${prefix}${skipped.name} in the lock cannot be registered offline: ${skipped.problem}`,
          `check servers.${server.name}.tools, then run toolgate mcp lock --policy ${source.file}`,
        ),
      );
  }
  return locked;
}

/**
 * (issue 30) The grant entries `toolgate mcp` could never serve: a
 * `SERVER/TOOL@1` ref the lock does not hold (with the closest locked ref),
 * and, in a policy with servers and no tools of its own, a ref of no server
 * (a built-in: the proxy serves only its servers' tools).
 */
export function checkServerRefs(
  grantSpecs: Readonly<Record<string, unknown>>,
  servers: ReadonlyMap<string, PolicyServer>,
  locked: ReadonlySet<string> | undefined,
  serverOnly: boolean,
  source: YamlSource,
  diagnostics: Diagnostic[],
): void {
  const names = [...servers.keys()];
  for (const [grant, spec] of Object.entries(grantSpecs)) {
    const tools = (spec as { readonly tools?: unknown } | null)?.tools;
    if (!Array.isArray(tools)) continue;
    tools.forEach((item: unknown, index) => {
      // A pattern (fs/read_*@1) is checked where it is expanded (expandToolPatterns).
      if (typeof item !== 'string' || isToolPattern(item)) return;
      const { ref } = splitToolEntry(item);
      const path: SourcePath = ['grants', grant, 'tools', index];
      const server = names.find((name) => ref.startsWith(`${name}/`));
      if (server === undefined) {
        if (serverOnly)
          diagnostics.push(
            diagnose(
              source.place(path),
              'error',
              'not_served',
              `${formatSourcePath(path)} ${ref} is no server's tool: toolgate mcp serves only SERVER/TOOL@1 refs of its servers (${names.join(', ')})`,
              'grant a server tool, or define the tool under tools:',
            ),
          );
        return;
      }
      if (locked === undefined || locked.has(ref)) return;
      const guess = suggestName(
        ref,
        [...locked].filter((known) => known.startsWith(`${server}/`)),
      );
      diagnostics.push(
        diagnose(
          source.place(path),
          'error',
          'unknown_tool',
          `${formatSourcePath(path)} ${ref} is not in the lock: server ${server} lists no such tool${guess === undefined ? '' : ` (did you mean ${guess}?)`}`,
          guess === undefined
            ? `check the name, or run toolgate mcp lock --policy ${source.file} if the server has it now`
            : `write ${guess}`,
        ),
      );
    });
  }
}
