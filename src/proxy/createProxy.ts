import { randomUUID } from 'node:crypto';
import { extend } from '../data/extend.js';
import { messageOf } from '../data/messageOf.js';
// The low-level Server: McpServer cannot answer tools/list per grant.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ListingMemory } from '../mcp/registerListedTools.js';
import { createRun } from '../run/createRun.js';
import { LATEST_ONLY, type RunInternalOptions } from '../run/runInternals.js';
import { buildProviderNames } from '../providers/buildProviderNames.js';
import { createUpstream, type Upstream } from './createUpstream.js';
import { handleProxyRequests } from './handleProxyRequests.js';
import { selectServedTools } from './selectServedTools.js';
import type { ChangedTool, ProxyOptions, ServedTool } from './types.js';

const LATEST_ONLY_RUN: RunInternalOptions = { [LATEST_ONLY]: true };

/** A running proxy: upstream servers kept connected, and a fresh MCP server per client session. */
export interface Proxy {
  /** Starts every upstream server (those that fail are retried; the proxy serves the others). */
  readonly start: () => Promise<void>;
  /**
   * A new session: an MCP server for one client, deciding as one run. It may be
   * opened while `start` runs: it answers `initialize` at once, and its
   * `tools/list` and `tools/call` wait until every server has started or failed.
   */
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- see the import
  readonly openSession: () => Server;
  /** The tools served now, by ref. */
  readonly served: () => ReadonlyMap<string, ServedTool>;
  /** Why a server cannot take calls now, or undefined. */
  readonly whyDown: (server: string) => string | undefined;
  /** Why a listed tool is not served (changed, not locked, failed to register), by ref. */
  /** Refs of listed tools that are not served, with the digests when one changed since the lock. */
  readonly refusedRefs: () => ReadonlyMap<string, ChangedTool | undefined>;
  readonly close: () => Promise<void>;
}

/**
 * Puts the gate in front of every server of a policy (SPEC §12): keeps each
 * upstream connected (`createUpstream`), serves its tools as `SERVER/TOOL@1`
 * under their provider-safe MCP names, bound to the lock's (or the first
 * seen) full digest, and opens one MCP server per client session whose
 * `tools/call` runs every §7 check as a turn of that session's run before
 * the upstream sees the call. Throws `ToolgateError` (`invalid_grant`) when
 * two granted refs share an MCP name.
 *
 * // const proxy = createProxy({ servers, registry, gate, grant, callTimeoutMs: 60000, log });
 * // await proxy.start(); await proxy.openSession().connect(new StdioServerTransport());
 */
export function createProxy(options: ProxyOptions): Proxy {
  const names = buildProviderNames(options.grant);
  const granted = new Set(options.grant.tools);
  const memory: ListingMemory = {
    owned: new Set<string>(),
    bound: new Map<string, string>(
      [...(options.lock?.tools.entries() ?? [])].map(([ref, locked]) => [ref, locked.digest]),
    ),
    bindsRef: (ref) => granted.has(ref),
    failures: new Map(),
  };
  const served = new Map<string, ServedTool>();
  const refused = new Map<string, ChangedTool | undefined>();
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- see the import
  const sessions = new Set<Server>();
  let sessionCount = 0;
  // Each skip is told once, not on every listing.
  const told = new Set<string>();
  // The first start of every upstream, once begun: sessions answer tools/list and
  // tools/call only after it, so the first listing a client sees is complete.
  let starting: Promise<void> | undefined;
  let started = false;
  const whenStarted = (): Promise<void> => starting ?? Promise.resolve();

  const recompute = () => {
    served.clear();
    refused.clear();
    for (const upstream of upstreams.values()) {
      const listing = selectServedTools(
        upstream.server,
        upstream.tools(),
        options.registry,
        memory,
        options.lock,
      );
      for (const tool of listing.served) served.set(tool.ref, tool);
      for (const item of listing.skipped) {
        if (item.ref !== undefined)
          refused.set(
            item.ref,
            item.locked === undefined || item.live === undefined
              ? undefined
              : { locked: item.locked, live: item.live },
          );
        const line = `toolgate mcp: ${upstream.name}/${item.name} is not served: ${item.problem}`;
        if (!told.has(line)) options.log(line);
        told.add(line);
      }
    }
    // Not while starting: a session's first tools/list waits for the start and sees all of it.
    if (!started) return;
    for (const session of sessions)
      if (session.transport !== undefined) session.sendToolListChanged().catch(() => undefined);
  };
  const upstreams = new Map<string, Upstream>(
    [...options.servers.values()].map((server) => [
      server.name,
      createUpstream(server, {
        timeoutMs: options.callTimeoutMs,
        ...(options.refreshSeconds === undefined ? {} : { refreshSeconds: options.refreshSeconds }),
        onToolsChanged: recompute,
        log: options.log,
      }),
    ]),
  );

  // SPEC §14.4: a proxy process is one run, whichever sessions it serves: a client cannot
  // reset a budget by reconnecting. Each turn record names its session.
  const runId = options.runId ?? randomUUID();
  const run = createRun({
    gate: options.gate,
    grant: options.grant,
    id: runId,
    ...(options.audit === true ? { enforce: false } : {}),
    ...(options.visible === undefined ? {} : { visible: options.visible }),
    ...(options.sink === undefined ? {} : { sink: options.sink }),
    ...(options.ledger === undefined ? {} : { ledger: options.ledger }),
    // Nothing reads this run back: it keeps its latest turn only, so a proxy serving for weeks
    // does not grow by a record per call (its records are in its store).
    ...LATEST_ONLY_RUN,
  });
  const openSession = () => {
    sessionCount += 1;
    const session = `s${String(sessionCount)}-${randomUUID().slice(0, 8)}`;
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- see the import
    const server = new Server(
      { name: 'toolgate-proxy', version: '1.0.0' },
      { capabilities: { tools: { listChanged: true } } },
    );
    handleProxyRequests(
      server,
      extend(options, {
        runId,
        run,
        session,
        names,
        served: () => served,
        refused: () => refused,
        upstream: (name: string) => upstreams.get(name),
        started: whenStarted,
      }),
    );
    sessions.add(server);
    server.onclose = () => sessions.delete(server);
    return server;
  };

  return Object.freeze({
    start: () =>
      (starting ??= Promise.allSettled(
        [...upstreams.values()].map((upstream) => upstream.start()),
      ).then((results) => {
        // INVARIANT: an upstream's start never rejects (a failure is down() and a restart);
        // one that did is told, and the other servers are served all the same.
        for (const result of results)
          if (result.status === 'rejected')
            options.log(`toolgate mcp: a server's start failed: ${messageOf(result.reason)}`);
        started = true;
      })),
    openSession,
    served: () => served,
    whyDown: (name: string) => upstreams.get(name)?.down(),
    refusedRefs: () => refused,
    close: async () => {
      await Promise.all([...sessions].map((session) => session.close().catch(() => undefined)));
      await Promise.all([...upstreams.values()].map((upstream) => upstream.close()));
    },
  });
}
