import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer, type RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { McpGateway } from '../../src/mcp/index.js';

/** What the real server saw: every call that reached it, and every call it saw cancelled. */
export interface ServerLog {
  readonly calls: { readonly name: string; readonly args: unknown }[];
  readonly aborted: string[];
}

/**
 * A real MCP server (the SDK's `McpServer`) with five tools, connected to a
 * real client through the SDK's in-memory transport: `forecast` (a city),
 * `write_note` (a path and text), `slow` (waits for its cancellation),
 * `admin_reset` (never granted in these tests), `broken` (throws), `big`
 * (60 KiB of text) and `get.weather` (registered as `weather/get_weather`).
 */
export async function aWeatherServer(): Promise<{
  readonly client: Client;
  readonly log: ServerLog;
  readonly tools: Record<string, RegisteredTool>;
}> {
  const log: ServerLog = { calls: [], aborted: [] };
  const server = new McpServer({ name: 'weather', version: '1.0.0' });
  const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
  const tools: Record<string, RegisteredTool> = {
    forecast: server.registerTool(
      'forecast',
      { description: 'The forecast for a city.', inputSchema: { city: z.string() } },
      ({ city }) => {
        log.calls.push({ name: 'forecast', args: { city } });
        return text(`Sunny in ${city}`);
      },
    ),
    write_note: server.registerTool(
      'write_note',
      {
        description: 'Writes a note to a file.',
        inputSchema: { path: z.string(), text: z.string() },
      },
      ({ path }) => {
        log.calls.push({ name: 'write_note', args: { path } });
        return text(`wrote ${path}`);
      },
    ),
    slow: server.registerTool(
      'slow',
      { description: 'Takes its time.', inputSchema: {} },
      (_args, extra) => {
        log.calls.push({ name: 'slow', args: {} });
        return new Promise((_resolve, reject) => {
          extra.signal.addEventListener('abort', () => {
            log.aborted.push('slow');
            reject(new Error('aborted'));
          });
        });
      },
    ),
    admin_reset: server.registerTool(
      'admin_reset',
      { description: 'Deletes every forecast.', inputSchema: {} },
      () => {
        log.calls.push({ name: 'admin_reset', args: {} });
        return text('reset');
      },
    ),
    broken: server.registerTool('broken', { description: 'Always fails.', inputSchema: {} }, () => {
      log.calls.push({ name: 'broken', args: {} });
      throw new Error('the weather service is down');
    }),
    big: server.registerTool('big', { description: 'A long report.', inputSchema: {} }, () => {
      log.calls.push({ name: 'big', args: {} });
      return text('r'.repeat(60 * 1024));
    }),
    'get.weather': server.registerTool(
      'get.weather',
      { description: 'Dotted name.', inputSchema: {} },
      () => {
        log.calls.push({ name: 'get.weather', args: {} });
        return text('x');
      },
    ),
  };
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'toolgate-upstream', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, log, tools };
}

/** The agent's side: a real MCP client connected to the gateway's server in memory. */
export async function anAgentClient(gateway: McpGateway): Promise<Client> {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await gateway.server.connect(serverSide);
  const agent = new Client({ name: 'agent', version: '1.0.0' });
  await agent.connect(clientSide);
  return agent;
}

/** The text of an MCP tool result's first item. */
export function firstText(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content[0]?.text ?? '';
}
