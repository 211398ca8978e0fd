import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { aTempDir } from '../helpers/scratch.js';

const root = resolve(import.meta.dirname, '../..');
const dir = aTempDir('runtime-dist');
writeFileSync(join(dir, 'note.md'), 'hello from disk\n');
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const run = (args: string[]) =>
  execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' }).trim();

/** fire from the root entry with the built-in handlers of toolgate/node: one read allowed, one refused. */
const FIRE = (load: string) => `
${load}
(async () => {
  const registry = createRegistry();
  const gate = createGate({ registry, realpath: 'node' });
  const grant = createGrant({ tools: ['fs-read@1'], folders: [{ path: ${JSON.stringify(dir)}, access: 'read' }] });
  const turn = gate.checkTurn({ calls: [{ tool: 'fs-read', version: 1, arguments: { path: 'note.md' } }, { tool: 'fs-read', version: 1, arguments: { path: '/etc/hostname' } }] }, { grant, cwd: ${JSON.stringify(dir)} });
  const handlers = createBuiltinHandlers();
  const outcomes = [];
  for (const call of turn.calls) outcomes.push(await fire(call, handlers, { gate, grant, cwd: ${JSON.stringify(dir)}, shapeOutput: createOutputShaper() }));
  console.log(JSON.stringify(outcomes.map((outcome) => [outcome.status, outcome.text])));
})();
`;
const FIRE_EXPECTED =
  '[["ok","hello from disk\\n"],["refused","the path /etc/hostname is outside the granted folder scope"]]';

/** Both adapters with a registry, gate and grant made by the root entry (in CJS, another copy of the core). */
const ADAPTERS = (load: string) => `
${load}
(async () => {
  const registry = createRegistry({ builtins: 'none' });
  const gate = createGate({ registry });
  const tools = { 'echo@1': tool({ description: 'Echoes.', inputSchema: jsonSchema({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }), execute: ({ text }) => text }) };
  await registerAiTools(registry, tools);
  const gated = gateAiTools(tools, { registry, gate, grant: createGrant({ tools: ['echo@1'] }) });
  const options = { toolCallId: 'c1', messages: [] };
  // A refusal is thrown: the AI SDK hands it to the model as a tool error.
  const aiResults = [await gated.echo_v1.execute({ text: 'hi' }, options), await gated.echo_v1.execute({ text: 5 }, options).catch((error) => error.message)];

  const server = new McpServer({ name: 'up', version: '1.0.0' });
  let reached = 0;
  server.registerTool('ping', { description: 'Pings.' }, () => { reached += 1; return { content: [{ type: 'text', text: 'pong' }] }; });
  server.registerTool('wipe', { description: 'Wipes.' }, () => { reached += 100; return { content: [{ type: 'text', text: 'wiped' }] }; });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const upstream = new Client({ name: 'gw', version: '1.0.0' });
  await upstream.connect(b);
  const { tools: imported } = await importMcpTools(upstream, registry);
  const ping = imported.find((t) => t.name === 'ping').ref;
  const gateway = await createMcpGateway({ upstream, registry, gate, grant: createGrant({ tools: [ping] }) });
  const [c, d] = InMemoryTransport.createLinkedPair();
  await gateway.server.connect(c);
  const agent = new Client({ name: 'agent', version: '1.0.0' });
  await agent.connect(d);
  const listed = (await agent.listTools()).tools.map((t) => t.name);
  const pong = (await agent.callTool({ name: 'ping', arguments: {} })).content[0].text;
  const wipe = await agent.callTool({ name: 'wipe', arguments: {} });
  console.log(JSON.stringify([aiResults[0], aiResults[1].startsWith('the arguments for echo@1'), listed, pong, wipe.isError, reached]));
  await agent.close();
  await upstream.close();
})();
`;
const ADAPTERS_EXPECTED = '["hi",true,["ping"],"pong",true,1]';

const SDK_ESM =
  "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'; import { Client } from '@modelcontextprotocol/sdk/client/index.js'; import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'; import { tool, jsonSchema } from 'ai';";
const SDK_CJS =
  "const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js'); const { Client } = require('@modelcontextprotocol/sdk/client/index.js'); const { InMemoryTransport } = require('@modelcontextprotocol/sdk/inMemory.js'); const { tool, jsonSchema } = require('ai');";

describe('the built package: fire, the built-in handlers, toolgate/mcp and toolgate/ai', () => {
  it('fires built-in tools as ESM and as CommonJS', () => {
    const esm =
      "import { createGate, createGrant, createRegistry, fire } from 'toolgate'; import { createBuiltinHandlers, createOutputShaper } from 'toolgate/node';";
    const cjs =
      "const { createGate, createGrant, createRegistry, fire } = require('toolgate'); const { createBuiltinHandlers, createOutputShaper } = require('toolgate/node');";
    expect(run(['--input-type=module', '-e', FIRE(esm)])).toBe(FIRE_EXPECTED);
    expect(run(['--input-type=commonjs', '-e', FIRE(cjs)])).toBe(FIRE_EXPECTED);
  });

  it('runs both adapters with objects from the root entry, as ESM', () => {
    const load = `import { createGate, createGrant, createRegistry } from 'toolgate'; import { createMcpGateway, importMcpTools } from 'toolgate/mcp'; import { gateAiTools, registerAiTools } from 'toolgate/ai'; ${SDK_ESM}`;
    expect(run(['--input-type=module', '-e', ADAPTERS(load)])).toBe(ADAPTERS_EXPECTED);
  });

  it('runs both adapters with objects from the root entry, as CommonJS, where each entry has its own copy of the core', () => {
    const load = `const { createGate, createGrant, createRegistry } = require('toolgate'); const { createMcpGateway, importMcpTools } = require('toolgate/mcp'); const { gateAiTools, registerAiTools } = require('toolgate/ai'); ${SDK_CJS}`;
    expect(run(['--input-type=commonjs', '-e', ADAPTERS(load)])).toBe(ADAPTERS_EXPECTED);
  });

  it('keeps Node built-ins out of the root entry and both adapters, under either spelling', () => {
    const builtin = String.raw`(?:node:)?(?:fs|fs/promises|os|path|crypto|child_process)`;
    for (const file of ['index.js', 'index.cjs', 'mcp.js', 'mcp.cjs', 'ai.js', 'ai.cjs']) {
      const text = readFileSync(resolve(root, 'dist', file), 'utf8');
      expect(text, file).not.toMatch(new RegExp(String.raw`from\s+["']${builtin}["']`));
      expect(text, file).not.toMatch(new RegExp(String.raw`require\(["']${builtin}["']\)`));
    }
  });

  it('keeps the peer SDKs external: the adapters import them, nothing bundles them', () => {
    expect(readFileSync(resolve(root, 'dist/mcp.js'), 'utf8')).toMatch(
      /from "@modelcontextprotocol\/sdk\/server\/index\.js"/,
    );
    expect(readFileSync(resolve(root, 'dist/ai.cjs'), 'utf8')).toMatch(/require\(["']ai["']\)/);
    expect(readFileSync(resolve(root, 'dist/mcp.cjs'), 'utf8')).not.toMatch(/class McpError/);
  });
});
