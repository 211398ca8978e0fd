import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { PolicyServer } from '../cli/policy/buildServers.js';
import { extend } from '../data/extend.js';

/** What happens to a connection after it opened. */
export interface UpstreamEvents {
  /** The transport closed (the process exited, the connection dropped). */
  readonly onClose: () => void;
  /** The transport reported an error (garbage on the wire, a failed send). */
  readonly onError: (error: Error) => void;
}

/**
 * Connects an MCP client to one upstream server of the policy: a child
 * process over stdio (`command`, `args`, `env` on top of the SDK's safe
 * default environment, `cwd`) or a Streamable HTTP endpoint (`url`).
 * Rejects when the server does not start or does not complete the MCP
 * handshake within `timeoutMs`.
 *
 * // ({ name: 'fs', command: 'node', args: ['fs.js', '/srv'] }, …) => a connected Client
 */
export async function connectUpstream(
  server: PolicyServer,
  events: UpstreamEvents,
  timeoutMs: number,
): Promise<Client> {
  const transport =
    server.url === undefined
      ? new StdioClientTransport({
          command: server.command ?? '',
          args: [...(server.args ?? [])],
          env: extend(getDefaultEnvironment(), server.env ?? {}),
          ...(server.cwd === undefined ? {} : { cwd: server.cwd }),
          // The proxy's own stdout is the protocol; the server's log goes to the proxy's stderr.
          stderr: 'inherit',
        })
      : new StreamableHTTPClientTransport(new URL(server.url));
  const client = new Client(
    { name: `toolgate-proxy (${server.name})`, version: '1.0.0' },
    { capabilities: {} },
  );
  client.onclose = events.onClose;
  client.onerror = events.onError;
  try {
    await client.connect(transport, { timeout: timeoutMs });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  return client;
}
