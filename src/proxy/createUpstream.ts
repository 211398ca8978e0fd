import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { PolicyServer } from '../cli/policy/buildServers.js';
import { messageOf } from '../data/messageOf.js';
import { listUpstreamTools } from '../mcp/listUpstreamTools.js';
import { connectUpstream } from './connectUpstream.js';

/** One upstream server as the proxy sees it: up with its tools, or down with why. */
export interface Upstream {
  readonly name: string;
  readonly server: PolicyServer;
  /** The tools as last listed; empty while the server is down. */
  readonly tools: () => readonly Tool[];
  /** Why the server cannot take calls now, or undefined when it can. */
  readonly down: () => string | undefined;
  /** Connects and lists; never rejects (a failure is `down()` and a restart later). */
  readonly start: () => Promise<void>;
  /** Reads the server's tools/list again. */
  readonly refresh: () => Promise<void>;
  readonly callTool: (
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ) => Promise<CallToolResult>;
  /** The connected client, for forwarding resources and prompts. */
  readonly client: () => Client | undefined;
  readonly close: () => Promise<void>;
}

/** What `createUpstream` needs besides the server. */
export interface UpstreamOptions {
  /** The deadline of each call, in milliseconds (starting and listing have START_TIMEOUT_MS). */
  readonly timeoutMs: number;
  /** Read the list again at most this often (besides on tools/list_changed). */
  readonly refreshSeconds?: number;
  /** Called after each list that changed the tools (or the server went down or up). */
  readonly onToolsChanged: () => void;
  /** One line for the operator (the proxy's stderr). */
  readonly log: (line: string) => void;
}

/** How long a server may take to start and answer the handshake, or to list its tools. */
export const START_TIMEOUT_MS = 30_000;

/** The first restart waits this long; each next one twice as long, up to MAX_BACKOFF_MS. */
const FIRST_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 30_000;

/**
 * Keeps one upstream server connected: starts it, lists its tools, re-reads
 * them on its `tools/list_changed` (and every `refreshSeconds`), and when it
 * exits or its connection fails, marks it down (its calls are then refused
 * naming it) and restarts it with exponential backoff. Other servers of the
 * proxy are unaffected.
 *
 * // const fs = createUpstream(server, { timeoutMs: 60000, onToolsChanged, log }); await fs.start();
 */
export function createUpstream(server: PolicyServer, options: UpstreamOptions): Upstream {
  let client: Client | undefined;
  let tools: readonly Tool[] = [];
  let why: string | undefined = 'it has not started yet';
  let attempts = 0;
  let closed = false;
  const isClosed = () => closed;
  let timer: NodeJS.Timeout | undefined;
  let refreshing: Promise<void> = Promise.resolve();

  const goDown = (reason: string) => {
    if (closed) return;
    const wasUp = why === undefined;
    why = reason;
    tools = [];
    const old = client;
    client = undefined;
    if (old !== undefined) {
      old.close().catch(() => undefined);
    }
    if (wasUp) options.onToolsChanged();
    options.log(`toolgate mcp: server ${server.name} is down: ${reason}`);
    scheduleRestart();
  };
  const scheduleRestart = () => {
    if (closed || timer !== undefined) return;
    const delay = Math.min(FIRST_BACKOFF_MS * 2 ** attempts, MAX_BACKOFF_MS);
    attempts += 1;
    timer = setTimeout(() => {
      timer = undefined;
      void start();
    }, delay);
    timer.unref();
  };
  const list = async (current: Client) => {
    const listed = await listUpstreamTools({
      listTools: (params) => current.listTools(params, { timeout: START_TIMEOUT_MS }),
      callTool: current.callTool.bind(current),
    });
    if (current !== client) return;
    tools = Object.freeze(listed);
    options.onToolsChanged();
  };
  const refresh = (): Promise<void> => {
    const current = client;
    if (current === undefined) return Promise.resolve();
    refreshing = refreshing.then(() =>
      list(current).catch((error: unknown) => {
        goDown(`its tools/list failed: ${messageOf(error)}`);
      }),
    );
    return refreshing;
  };
  const start = async (): Promise<void> => {
    if (closed) return;
    let current: Client;
    try {
      current = await connectUpstream(
        server,
        {
          onClose: () => {
            if (client === current) goDown('its connection closed (the process exited?)');
          },
          onError: (error) => {
            options.log(`toolgate mcp: server ${server.name}: ${messageOf(error)}`);
          },
        },
        START_TIMEOUT_MS,
      );
    } catch (error) {
      goDown(`it could not be started: ${messageOf(error)}`);
      return;
    }
    // close() may have run while the server was starting.
    if (isClosed()) {
      await current.close().catch(() => undefined);
      return;
    }
    client = current;
    current.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      void refresh();
    });
    try {
      await list(current);
    } catch (error) {
      goDown(`its tools/list failed: ${messageOf(error)}`);
      return;
    }
    why = undefined;
    attempts = 0;
    options.onToolsChanged();
  };
  const interval =
    options.refreshSeconds === undefined
      ? undefined
      : setInterval(() => void refresh(), options.refreshSeconds * 1000);
  interval?.unref();

  return Object.freeze({
    name: server.name,
    server,
    tools: () => tools,
    down: () => why,
    start,
    refresh,
    client: () => client,
    callTool: async (name: string, args: Record<string, unknown>, signal: AbortSignal) => {
      const current = client;
      if (current === undefined) throw new Error(`the server ${server.name} is down: ${why ?? ''}`);
      return (await current.callTool({ name, arguments: args }, undefined, {
        signal,
        timeout: options.timeoutMs,
      })) as CallToolResult;
    },
    close: async () => {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      if (interval !== undefined) clearInterval(interval);
      const current = client;
      client = undefined;
      if (current !== undefined) {
        await current.close().catch(() => undefined);
      }
    },
  });
}
