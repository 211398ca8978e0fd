import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createGate, createGrant, createRegistry } from '../../src/index.js';
import { createMcpGateway, importMcpTools } from '../../src/mcp/index.js';
import { anAgentClient, firstText } from './helpers.js';

const script = resolve(import.meta.dirname, '../fixtures/mcp/stdioServer.js');
const upstream = new Client({ name: 'toolgate-upstream', version: '1.0.0' });
afterAll(async () => {
  await upstream.close();
});

describe('createMcpGateway over stdio, in front of a server in its own process', () => {
  it('forwards the granted call, refuses the other, and the server saw only the first', async () => {
    await upstream.connect(
      new StdioClientTransport({ command: process.execPath, args: [script], stderr: 'ignore' }),
    );
    const registry = createRegistry({ builtins: 'none' });
    const { tools } = await importMcpTools(upstream, registry, { namespace: 'fixture' });
    const echo = tools.find((tool) => tool.name === 'echo')?.ref ?? '';
    const gateway = await createMcpGateway({
      upstream,
      registry,
      gate: createGate({ registry }),
      grant: createGrant({ tools: [echo] }),
      namespace: 'fixture',
    });
    const agent = await anAgentClient(gateway);

    expect((await agent.listTools()).tools.map((tool) => tool.name)).toEqual(['echo']);
    expect(
      firstText(await agent.callTool({ name: 'echo', arguments: { message: 'over stdio' } })),
    ).toBe('over stdio');
    const refused = await agent.callTool({ name: 'delete_everything', arguments: {} });
    expect(refused.isError).toBe(true);
    expect(firstText(refused)).toMatch(
      /^the proposed tool fixture\/delete_everything@\d+ is not granted to this run or is no longer registered$/,
    );
    // Asked on the server side, past the gateway: only the granted call ever arrived.
    expect(firstText(await upstream.callTool({ name: 'calls', arguments: {} }))).toBe('["echo"]');
  });
});
