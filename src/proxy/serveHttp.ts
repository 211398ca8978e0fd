import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Proxy } from './createProxy.js';

/** The largest request body accepted, in bytes. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Serves the proxy over Streamable HTTP on 127.0.0.1 at `/mcp` (SPEC §13),
 * any number of concurrent sessions, each its own MCP server. Only requests
 * whose Host names this address (DNS rebinding), whose Origin, if any, is
 * this address (a web page), and that carry `Authorization: Bearer TOKEN`
 * (SPEC §14.4: another local process) are served: 403 for a wrong Host or
 * Origin, 401 without the token, and nothing reaches a session. Resolves
 * with the listening server and its port (`port` 0 picks one).
 *
 * // const { port } = await serveHttp(proxy, 8787, token) => clients connect to http://127.0.0.1:8787/mcp
 */
export async function serveHttp(
  proxy: Proxy,
  port: number,
  token: string,
): Promise<{ readonly http: HttpServer; readonly port: number }> {
  const expected = Buffer.from(`Bearer ${token}`, 'utf8');
  const transports = new Map<string, StreamableHTTPServerTransport>();
  let allowedHosts: string[] = [];
  const http = createServer((req, res) => {
    void (async () => {
      // Only a Host naming this address: a web page elsewhere cannot reach the proxy by DNS rebinding.
      if (!allowedHosts.includes(req.headers.host ?? '')) {
        res.writeHead(403).end('toolgate mcp serves 127.0.0.1 and localhost only\n');
        return;
      }
      // A browser sends its page's Origin: only the proxy's own address may talk to it.
      const origin = req.headers.origin;
      if (origin !== undefined && !allowedHosts.some((host) => origin === `http://${host}`)) {
        res.writeHead(403).end('toolgate mcp does not serve web pages of other origins\n');
        return;
      }
      // SPEC §14.4: any process on this machine can connect; only one that read the token is served.
      const given = Buffer.from(req.headers.authorization ?? '', 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        res
          .writeHead(401, { 'WWW-Authenticate': 'Bearer realm="toolgate mcp"' })
          .end(
            'send Authorization: Bearer TOKEN, with the token from the file toolgate mcp printed\n',
          );
        return;
      }
      const path = (req.url ?? '').split('?')[0];
      if (path !== '/mcp') {
        res.writeHead(404).end('toolgate mcp serves MCP at /mcp\n');
        return;
      }
      const body = req.method === 'POST' ? await readJson(req) : undefined;
      if (body instanceof Error) {
        res.writeHead(400).end(`${body.message}\n`);
        return;
      }
      const header = req.headers['mcp-session-id'];
      const known = typeof header === 'string' ? transports.get(header) : undefined;
      if (known !== undefined) {
        await known.handleRequest(req, res, body);
        return;
      }
      if (header !== undefined || !isInitializeRequest(body)) {
        res
          .writeHead(header === undefined ? 400 : 404)
          .end('start a session with an initialize request\n');
        return;
      }
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          transports.set(id, transport);
        },
      });
      transport.onclose = () => {
        if (transport.sessionId !== undefined) transports.delete(transport.sessionId);
      };
      await proxy.openSession().connect(transport);
      await transport.handleRequest(req, res, body);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(`${error instanceof Error ? error.message : 'internal error'}\n`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', resolve);
  });
  const bound = (http.address() as AddressInfo).port;
  allowedHosts = [`127.0.0.1:${String(bound)}`, `localhost:${String(bound)}`];
  return { http, port: bound };
}

/** Reads a request body as JSON, or an Error saying why not. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES)
      return new Error(`the request body is over ${String(MAX_BODY_BYTES)} bytes`);
    chunks.push(buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return new Error('the request body is not JSON');
  }
}
