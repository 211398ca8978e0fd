import { describe, expect, it } from 'vitest';
import { createGate, createGrant, createRegistry, createRun, renderMenu } from '../../src/index.js';
import { createCoresourceAgent } from '../../src/coresource/createCoresourceAgent.js';

const NAMES = [
  'file_read',
  'file_write',
  'execute',
  'understand_image',
  'github/search',
  'github/issues/list',
  'db/query',
];
const registry = createRegistry({ builtins: 'none' });
for (const name of NAMES)
  registry.register({
    name,
    version: 1,
    description: `The ${name} tool.`,
    inputSchema: { type: 'object' },
  });
const gate = createGate({ registry });
const grant = createGrant({ tools: NAMES.map((name) => `${name}@1`) });
const call = (tool: string) => ({ calls: [{ tool, version: 1, arguments: {} }] });
const listed = (menu: string) => [...menu.matchAll(/^name: (.+)$/gm)].map((match) => match[1]);

describe("a Coresource agent's visible list in the gate, runs and menus", () => {
  const agent = createCoresourceAgent({
    imageModel: 'm',
    runtimeTools: ['file_read', 'file_write', 'execute'],
    mcpServers: { github: {} },
    localMcpServers: [{ name: 'db' }],
    toolAllowlist: ['file_read', 'understand_image', 'github/*'],
  });

  it.each([
    ['file_read', 'tool'],
    ['understand_image', 'tool'],
    ['github/search', 'tool'],
    ['github/issues/list', 'tool'],
    ['file_write', 'rejected'],
    ['execute', 'rejected'],
    ['db/query', 'rejected'],
  ])('checkTurn: %s settles %s', (tool, settled) => {
    const decision = gate.checkTurn(call(tool), { grant, visible: agent.visible });
    expect(decision.settled).toBe(settled);
    if (decision.settled === 'rejected') expect(decision.refusal.code).toBe('hidden_tool');
  });

  it('renderMenu lists only granted and visible tools, <alias>/* included', () => {
    expect(listed(renderMenu({ registry, grant, visible: agent.visible }))).toEqual([
      'file_read',
      'understand_image',
      'github/search',
      'github/issues/list',
    ]);
  });

  it('createRun refuses what maxTools cut', () => {
    const capped = createCoresourceAgent({ runtimeTools: ['file_read', 'execute'], maxTools: 1 });
    expect(capped.cut).toEqual(['execute', 'web_search']);
    const run = createRun({ gate, grant, visible: capped.visible });
    expect(run.propose(call('execute')).refusal?.code).toBe('hidden_tool');
    expect(run.propose(call('file_read')).settled).toBe('tool');
  });
});
