import { accessSync, constants, existsSync, realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { messageOf } from '../../data/messageOf.js';
import { splitToolEntry } from '../../grant/splitToolEntry.js';
import { mcpToolDigest } from '../../mcp/mcpToolDigest.js';
import { nameListedTools } from '../../mcp/nameListedTools.js';
import { START_TIMEOUT_MS } from '../../proxy/createUpstream.js';
import { formatClientSnippets } from '../../proxy/formatClientSnippets.js';
import { listServerTools } from '../../proxy/listServerTools.js';
import { readLock } from '../../proxy/readLock.js';
import { EXIT } from '../exitCodes.js';
import { printable } from '../format/printable.js';
import { printableLines } from '../format/printableLines.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parseCommandArgs.js';
import { jsonlInstead, lockBeside, recordsBeside } from '../policy/besidePolicy.js';
import type { PolicyServer } from '../policy/buildServers.js';
import { explainDriverError } from './explainDriverError.js';
import { loadPolicyOrReport } from './loadPolicyOrReport.js';
import { openRecordSink } from './openRecordSink.js';
import { describeRecords, readRecordsOption, type RecordsOption } from './readRecordsOption.js';
import { usageError } from './usageError.js';

const OPTIONS = {
  policy: { type: 'string' },
  grant: { type: 'string' },
  lock: { type: 'string' },
  records: { type: 'string' },
} as const;

/** A check's answer: what is fine, or what is wrong and what to do. */
interface Finding {
  readonly ok: boolean;
  readonly what: string;
}

/**
 * `toolgate mcp doctor --policy FILE [--grant NAME] [--lock FILE] [--records
 * sqlite:PATH|jsonl:PATH]`: checks, in order, that the policy loads with a
 * grant and servers, that the lock is there and readable, that each server
 * starts and lists every granted tool with the definition the lock holds,
 * and that the record store can be written; prints `ok` or `FAIL` per check
 * and stops at the first failure (exit 1, naming it and what to do). When
 * all pass (exit 0) it prints the configuration for Claude Desktop, Claude
 * Code, Cursor and VS Code, with this node and this CLI as absolute paths.
 * Exit 2 for usage errors.
 */
export async function mcpDoctor(
  args: readonly string[],
  io: CliIo,
  cliPath: string = theCliScript(),
): Promise<number> {
  const parsed = parseCommandArgs(() =>
    parseArgs({ args: [...args], options: OPTIONS, allowPositionals: false, strict: true }),
  );
  if (!parsed.ok) return usageError(io, 'mcp doctor', parsed.problem, false);
  const { values } = parsed.value;
  if (values.policy === undefined)
    return usageError(
      io,
      'mcp doctor',
      'name the policy: toolgate mcp doctor --policy FILE',
      false,
    );
  const policyFile = resolve(values.policy);
  const records = readRecordsOption(values.records ?? recordsBeside(policyFile));
  if (typeof records === 'string') return usageError(io, 'mcp doctor', records, false);
  const say = (finding: Finding) => {
    io.stdout(`${finding.ok ? 'ok  ' : 'FAIL'}  ${printable(finding.what)}\n`);
  };
  io.stdout(`toolgate mcp doctor: ${printable(policyFile)}\n`);

  // 1. The policy: loads, has servers, and a grant to serve.
  const lockFile = resolve(values.lock ?? lockBeside(policyFile));
  const policy = loadPolicyOrReport(io, 'mcp doctor', policyFile, false, { lock: lockFile });
  if (typeof policy === 'number') {
    say({
      ok: false,
      what: `policy: it has errors (listed above); fix them, then run doctor again`,
    });
    return EXIT.refused;
  }
  const servers = [...(policy.servers ?? new Map<string, PolicyServer>()).values()];
  const grantName =
    values.grant ?? (policy.grants.size === 1 ? [...policy.grants.keys()][0] : undefined);
  const grant = grantName === undefined ? undefined : policy.grants.get(grantName);
  if (servers.length === 0) {
    say({ ok: false, what: 'policy: no servers: section; add the servers to front' });
    return EXIT.refused;
  }
  if (grant === undefined || grantName === undefined) {
    say({
      ok: false,
      what:
        values.grant === undefined
          ? `policy: ${String(policy.grants.size)} grants; pick one with --grant NAME`
          : `policy: no grant ${JSON.stringify(values.grant)}`,
    });
    return EXIT.refused;
  }
  say({
    ok: true,
    what: `policy: ${String(servers.length)} ${servers.length === 1 ? 'server' : 'servers'}, grant ${grantName} (${String(grant.tools.length)} tools)`,
  });

  // 2. The lock: there, and every digest the SHA-256 of its definition.
  if (!io.exists(lockFile)) {
    say({
      ok: false,
      what: `lock: no ${lockFile}; run toolgate mcp lock --policy ${policyFile}${values.lock === undefined ? '' : ` --lock ${lockFile}`}`,
    });
    return EXIT.refused;
  }
  const read = readLock(io.readFile(lockFile));
  if ('problem' in read) {
    say({ ok: false, what: `lock: ${lockFile}: ${read.problem}` });
    return EXIT.refused;
  }
  say({ ok: true, what: `lock: ${lockFile} (${String(read.lock.tools.size)} tools)` });

  // 3. Each server: starts, lists its tools, and every granted one as locked.
  const timeoutMs = Math.max(policy.proxy?.callTimeoutMs ?? 0, START_TIMEOUT_MS);
  // A pinned entry (REF#sha256:…) grants its ref.
  const grantedRefs = grant.tools.map((entry) => splitToolEntry(entry).ref);
  const served = new Set<string>();
  for (const server of servers) {
    let listed: Tool[];
    try {
      listed = await listServerTools(server, timeoutMs);
    } catch (error) {
      say({
        ok: false,
        what: `server ${server.name}: it did not start or list its tools (${messageOf(error)}); check servers.${server.name} in the policy, then try its command by hand`,
      });
      return EXIT.refused;
    }
    const names = nameListedTools(
      listed.map((tool) => tool.name),
      server.name,
    );
    const byRef = new Map<string, Tool>();
    for (const tool of listed) {
      const named = names.get(tool.name);
      if (named?.ok === true) byRef.set(`${named.name}@1`, tool);
    }
    const granted = grantedRefs.filter((ref) => ref.startsWith(`${server.name}/`));
    for (const ref of granted) {
      served.add(ref);
      const tool = byRef.get(ref);
      const locked = read.lock.tools.get(ref);
      const problem =
        tool === undefined
          ? `${ref} is granted, but the server lists no tool with that ref; check the name in the grant`
          : locked === undefined
            ? `${ref} is granted but not in the lock; run toolgate mcp lock --policy ${policyFile} to review and add it`
            : locked.digest !== mcpToolDigest(tool)
              ? `${ref} changed since the lock (locked ${locked.digest}, live ${mcpToolDigest(tool)}); review it with toolgate mcp lock`
              : undefined;
      if (problem !== undefined) {
        say({ ok: false, what: `server ${server.name}: ${problem}` });
        return EXIT.refused;
      }
    }
    say({
      ok: true,
      what: `server ${server.name}: started, ${String(listed.length)} tools listed, ${String(granted.length)} granted, each as locked`,
    });
  }
  const unserved = grantedRefs.filter((ref) => !served.has(ref));
  if (unserved.length > 0) {
    say({
      ok: false,
      what: `grant ${grantName}: no server of the policy serves ${unserved.join(', ')}; a proxy grant names SERVER/TOOL@1 refs`,
    });
    return EXIT.refused;
  }

  // 4. The record store: the proxy can open and write it.
  const store = describeRecords(records, (path) => resolve(path));
  const problem = await findStoreProblem(records, policyFile);
  if (problem !== undefined) {
    say({ ok: false, what: `records: ${store}: ${problem}` });
    return EXIT.refused;
  }
  say({ ok: true, what: `records: ${store} is writable` });

  // 5. What each client needs, with absolute paths.
  const start = {
    command: process.execPath,
    args: [
      cliPath,
      'mcp',
      '--policy',
      policyFile,
      ...(values.grant === undefined ? [] : ['--grant', values.grant]),
      ...(values.lock === undefined ? [] : ['--lock', lockFile]),
      // A URL as given (the client needs its password); a path made absolute.
      ...(values.records === undefined
        ? []
        : ['--records', records.kind === 'postgres' ? values.records : store]),
    ],
  };
  io.stdout(
    '\nall checks passed. Client configuration (absolute paths: it starts from any folder):\n',
  );
  for (const snippet of formatClientSnippets(start))
    io.stdout(
      `\n${snippet.client} (${snippet.file}):\n${printableLines(snippet.json.split('\n'))}\n`,
    );
  return EXIT.ok;
}

/** Why the proxy could not record to this store, or undefined when it can. */
async function findStoreProblem(
  records: RecordsOption,
  policyFile: string,
): Promise<string | undefined> {
  if (records.kind === 'jsonl') {
    const path = resolve(records.path);
    try {
      accessSync(existsSync(path) ? path : dirname(path), constants.W_OK);
      return undefined;
    } catch (error) {
      return `it cannot be written (${messageOf(error)}); pick another path with --records`;
    }
  }
  try {
    // What the proxy does at start: open the store (create and migrate it), then close it again.
    await (await openRecordSink(records)).close();
    return undefined;
  } catch (error) {
    const instead = jsonlInstead(policyFile);
    return (
      explainDriverError(error, records.kind === 'sqlite' ? 'better-sqlite3' : 'pg', instead) ??
      `it cannot be opened for writing (${messageOf(error)}); ${records.kind === 'postgres' ? 'check the URL and that the server runs' : 'pick another path with --records'}`
    );
  }
}

/** The CLI script this process runs, links resolved (a global bin is a link to dist/cli.js). */
export function theCliScript(): string {
  const script = process.argv[1];
  if (script === undefined) return 'toolgate';
  try {
    return realpathSync(script);
  } catch {
    return resolve(script);
  }
}
