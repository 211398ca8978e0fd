import { randomBytes } from 'node:crypto';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createGate } from '../../createGate.js';
import { messageOf } from '../../data/messageOf.js';
import { createProxy } from '../../proxy/createProxy.js';
import { readLock, type Lock } from '../../proxy/readLock.js';
import { formatStartSummary } from '../../proxy/formatStartSummary.js';
import { serveHttp } from '../../proxy/serveHttp.js';
import { jsonlInstead, lockBeside, recordsBeside } from '../policy/besidePolicy.js';
import type { PolicyServer } from '../policy/buildServers.js';
import type { RunLedger } from '../../run/ledgerTypes.js';
import type { ApprovalQueue } from '../../approvals/types.js';
import { EXIT } from '../exitCodes.js';
import { printable } from '../format/printable.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parseCommandArgs.js';
import { mcpDoctor } from './mcpDoctor.js';
import { mcpInit } from './mcpInit.js';
import { mcpLock } from './mcpLock.js';
import { mcpUnwrap, mcpWrap } from './mcpWrap.js';
import { explainDriverError } from './explainDriverError.js';
import { loadPolicyOrReport } from './loadPolicyOrReport.js';
import { deferCallEnds } from '../../proxy/deferCallEnds.js';
import { openRecordSink, type OpenedSink } from './openRecordSink.js';
import { parseStoreUrl } from './parseStoreUrl.js';
import { openApprovals } from './openApprovals.js';
import { describeRecords, readRecordsOption } from './readRecordsOption.js';
import { usageError } from './usageError.js';

const OPTIONS = {
  policy: { type: 'string' },
  grant: { type: 'string' },
  agent: { type: 'string' },
  lock: { type: 'string' },
  http: { type: 'string' },
  'token-file': { type: 'string' },
  audit: { type: 'boolean' },
  records: { type: 'string' },
  ledger: { type: 'string' },
  'run-id': { type: 'string' },
  approvals: { type: 'string' },
  'approval-timeout': { type: 'string' },
} as const;

/**
 * `toolgate mcp --policy FILE [--grant NAME] [--agent NAME] [--lock FILE]
 * [--http PORT] [--audit] [--records sqlite:PATH|jsonl:PATH|postgres://…] [--ledger postgres://…]
 * [--run-id ID]`: the MCP proxy (SPEC §12),
 * serving until its client goes away; `toolgate mcp lock` and `toolgate mcp
 * init` are its helpers. Resolves with the exit code: 2 for bad input
 * (usage, a policy with errors — every one at FILE:LINE:COL — a bad lock),
 * before anything starts.
 */
export async function mcp(args: readonly string[], io: CliIo): Promise<number> {
  if (args[0] === 'init') return mcpInit(args.slice(1), io);
  if (args[0] === 'lock') return mcpLock(args.slice(1), io);
  if (args[0] === 'doctor') return mcpDoctor(args.slice(1), io);
  if (args[0] === 'wrap') return mcpWrap(args.slice(1), io);
  if (args[0] === 'unwrap') return mcpUnwrap(args.slice(1), io);
  const parsed = parseCommandArgs(() =>
    parseArgs({ args: [...args], options: OPTIONS, allowPositionals: false, strict: true }),
  );
  if (!parsed.ok) return usageError(io, 'mcp', parsed.problem, false);
  const { values } = parsed.value;
  if (values.policy === undefined)
    return usageError(io, 'mcp', 'name the policy: toolgate mcp --policy FILE', false);
  const port = values.http === undefined ? undefined : Number(values.http);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65_535))
    return usageError(
      io,
      'mcp',
      `--http takes a port number, not ${JSON.stringify(values.http)}`,
      false,
    );
  const records = readRecordsOption(values.records ?? recordsBeside(values.policy));
  if (typeof records === 'string') return usageError(io, 'mcp', records, false);
  const ledgerStore = values.ledger === undefined ? undefined : parseStoreUrl(values.ledger);
  if (typeof ledgerStore === 'string' || ledgerStore?.kind === 'sqlite')
    return usageError(
      io,
      'mcp',
      `--ledger takes postgres://USER@HOST:PORT/DATABASE, not ${JSON.stringify(values.ledger)}`,
      false,
    );
  // SPEC §14.4: a ledger shares one run between proxies, so they must name the same run.
  if (ledgerStore !== undefined && values['run-id'] === undefined)
    return usageError(
      io,
      'mcp',
      '--ledger shares a run between proxies: name it with --run-id ID (the same in each proxy)',
      false,
    );

  const approvalMode = values.approvals ?? 'auto';
  if (!['elicit', 'local', 'both', 'auto'].includes(approvalMode))
    return usageError(
      io,
      'mcp',
      `--approvals takes elicit, local or both, not ${JSON.stringify(values.approvals)}`,
      false,
    );
  const approvalSeconds =
    values['approval-timeout'] === undefined ? 120 : Number(values['approval-timeout']);
  if (!Number.isFinite(approvalSeconds) || approvalSeconds <= 0 || approvalSeconds > 86_400)
    return usageError(
      io,
      'mcp',
      `--approval-timeout takes seconds, more than 0 and at most 86400, not ${JSON.stringify(values['approval-timeout'])}`,
      false,
    );
  // A local approval waits in the record store: SQLite or PostgreSQL, not a JSONL file.
  if ((approvalMode === 'local' || approvalMode === 'both') && records.kind === 'jsonl')
    return usageError(
      io,
      'mcp',
      `--approvals ${approvalMode} keeps pending approvals in the record store, which must be SQLite (--records sqlite:PATH, the default) or PostgreSQL (--records postgres://…); a JSONL file cannot hold them`,
      false,
    );

  const lockFile = values.lock ?? lockBeside(values.policy);
  // The lock's refs: what the grant's patterns expand to, and what a granted server ref must be.
  const policy = loadPolicyOrReport(io, 'mcp', values.policy, false, { lock: lockFile });
  if (typeof policy === 'number') return policy;
  const servers = policy.servers ?? new Map<string, PolicyServer>();
  if (servers.size === 0)
    return usageError(
      io,
      'mcp',
      `${values.policy} has no servers: section; add the servers to front`,
      false,
    );
  const grantName =
    values.grant ?? (policy.grants.size === 1 ? [...policy.grants.keys()][0] : undefined);
  const grant = grantName === undefined ? undefined : policy.grants.get(grantName);
  if (grant === undefined)
    return usageError(
      io,
      'mcp',
      values.grant === undefined
        ? `the policy has ${String(policy.grants.size)} grants; pick one with --grant NAME`
        : `the policy has no grant ${JSON.stringify(values.grant)}`,
      false,
    );
  const agent = values.agent === undefined ? undefined : policy.agents.get(values.agent);
  if (values.agent !== undefined && agent === undefined)
    return usageError(io, 'mcp', `the policy has no agent ${JSON.stringify(values.agent)}`, false);

  let lock: Lock | undefined;
  if (io.exists(lockFile)) {
    const read = readLock(io.readFile(lockFile));
    if ('problem' in read) {
      io.stderr(`toolgate mcp: ${lockFile}: ${read.problem}\n`);
      return EXIT.badInput;
    }
    lock = read.lock;
  } else if (values.lock !== undefined) {
    io.stderr(
      `toolgate mcp: cannot read the lock ${lockFile} (check the path, or run toolgate mcp lock)\n`,
    );
    return EXIT.badInput;
  } else {
    io.stderr(
      `toolgate mcp: no ${lockFile}: each granted tool is bound to the first definition its server lists; run toolgate mcp lock to pin them\n`,
    );
  }

  const settings = policy.proxy ?? { realpath: true, callTimeoutMs: 60_000 };
  // Lines carry what servers said (tool names, errors): escaped, never raw to a terminal.
  const log = (line: string) => {
    io.stderr(`${printable(line)}\n`);
  };
  let proxy;
  let sink: OpenedSink | undefined;
  let ledger: (RunLedger & { readonly close: () => Promise<void> }) | undefined;
  let queue: ApprovalQueue | undefined;
  const shownRecords = describeRecords(records, (path) => resolve(path));
  try {
    // A call's end is committed with the next call's records (one commit a call), or soon after.
    sink = deferCallEnds(await openRecordSink(records), { log });
    if (ledgerStore !== undefined) {
      const { createPostgresLedger } = await import('../../postgres/createPostgresLedger.js');
      ledger = await createPostgresLedger({
        connectionString: ledgerStore.connectionString,
        schema: ledgerStore.schema,
      });
    }
    // Pending approvals live beside the records; audit mode and --approvals elicit never use them.
    if (records.kind !== 'jsonl' && values.audit !== true && approvalMode !== 'elicit') {
      const opened = await openApprovals(records);
      // INVARIANT: only a JSONL store gives a problem sentence, and it is ruled out above.
      if (typeof opened !== 'string') queue = opened;
    }
    // A fresh key per process: approvals never outlive it, and only the proxy holds it.
    const approvalKey = new Uint8Array(randomBytes(32));
    proxy = createProxy({
      servers,
      registry: policy.registry,
      gate: createGate({
        registry: policy.registry,
        approvalKey,
        ...(settings.realpath ? { realpath: 'node' as const } : {}),
      }),
      grant,
      ...(agent === undefined ? {} : { visible: agent.visible }),
      ...(lock === undefined ? {} : { lock }),
      sink,
      ...(ledger === undefined ? {} : { ledger }),
      ...(values.audit === true ? { audit: true } : {}),
      ...(values['run-id'] === undefined ? {} : { runId: values['run-id'] }),
      callTimeoutMs: settings.callTimeoutMs,
      ...(settings.refreshSeconds === undefined ? {} : { refreshSeconds: settings.refreshSeconds }),
      approvalKey,
      approvals: {
        mode: approvalMode as 'elicit' | 'local' | 'both' | 'auto',
        ...(queue === undefined ? {} : { queue }),
        timeoutMs: approvalSeconds * 1000,
      },
      log,
    });
  } catch (error) {
    const instead = jsonlInstead(values.policy);
    const driver =
      records.kind === 'jsonl'
        ? undefined
        : explainDriverError(error, records.kind === 'sqlite' ? 'better-sqlite3' : 'pg', instead);
    io.stderr(
      `toolgate mcp: ${printable(driver === undefined ? messageOf(error) : `cannot open the record store ${shownRecords}: ${driver}`)}\n`,
    );
    await queue?.close().catch(() => undefined);
    await closeStores(sink, ledger);
    return EXIT.badInput;
  }
  const running = proxy;
  // Under stdio the session opens while the servers start (below): the client's
  // initialize is answered at once, its tools/list once every server started or failed.
  const starting = running
    .start()
    .then(() => {
      for (const line of formatStartSummary({
        grantName: grantName ?? '',
        granted: grant.tools,
        servers: [...servers.keys()],
        served: running.served(),
        refused: running.refusedRefs(),
        whyDown: (name) => running.whyDown(name),
        records: shownRecords,
        lock: lock === undefined ? undefined : resolve(lockFile),
        audit: values.audit === true,
      }))
        log(line);
    })
    .catch((error: unknown) => {
      // Nothing here should throw (start never rejects); under stdio nothing awaits this, so tell it.
      log(`toolgate mcp: ${messageOf(error)}`);
    });
  if (port !== undefined) await starting;
  const opened = sink;
  // The pending approvals close with the ledger: one more store the proxy opened.
  const pendingQueue = queue;
  const shared = {
    close: async () => {
      await pendingQueue?.close().catch(() => undefined);
      await ledger?.close();
    },
  };
  return new Promise<number>((done) => {
    // Under --http, the listening server: stopping closes it and every open connection,
    // or the process would go on listening after SIGTERM.
    let served: HttpServer | undefined;
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      served?.closeAllConnections();
      served?.close();
      void running
        .close()
        .then(() => closeStores(opened, shared))
        .then(() => {
          done(EXIT.ok);
        });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    if (port === undefined) {
      const transport = new StdioServerTransport();
      const session = running.openSession();
      session.onclose = stop;
      session.connect(transport).catch((error: unknown) => {
        log(`toolgate mcp: ${messageOf(error)}`);
        stop();
      });
      // The client closing our stdin ends the session.
      process.stdin.once('end', stop);
      return;
    }
    // SPEC §14.4: a fresh token per process, readable by this user only; clients send it as a bearer token.
    const token = randomBytes(32).toString('hex');
    const tokenFile = resolve(
      values['token-file'] ?? join(dirname(values.policy as string), 'toolgate-http.token'),
    );
    try {
      writeTokenFile(tokenFile, token);
    } catch (error) {
      log(`toolgate mcp: cannot write the token to ${tokenFile}: ${messageOf(error)}`);
      void running
        .close()
        .then(() => closeStores(opened, shared))
        .then(() => {
          done(EXIT.badInput);
        });
      return;
    }
    serveHttp(running, port, token).then(
      ({ http, port: bound }) => {
        served = http;
        if (stopping) {
          http.close();
          return;
        }
        log(`toolgate mcp: serving http://127.0.0.1:${String(bound)}/mcp`);
        log(`toolgate mcp: send Authorization: Bearer <the token in ${tokenFile}>`);
      },
      (error: unknown) => {
        log(`toolgate mcp: cannot serve on port ${String(port)}: ${messageOf(error)}`);
        void running
          .close()
          .then(() => closeStores(opened, shared))
          .then(() => {
            done(EXIT.badInput);
          });
      },
    );
  });
}

/** Closes the record store and the ledger the proxy opened; a failure to close is not the exit's business. */
async function closeStores(
  sink: OpenedSink | undefined,
  ledger: { readonly close: () => Promise<void> } | undefined,
): Promise<void> {
  await Promise.resolve(sink?.close()).catch(() => undefined);
  await ledger?.close().catch(() => undefined);
}

/** Writes the HTTP token to a file only its owner can read (0600), replacing one left before. */
function writeTokenFile(file: string, token: string): void {
  rmSync(file, { force: true });
  writeFileSync(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
}
