import { describe, expect, it } from 'vitest';
import {
  createGate,
  createGrant,
  createRegistry,
  createRun,
  narrowForSubagent,
  renderMenu,
  type Registry,
} from '../../src/index.js';
import { resolveKortixVisibility } from '../../src/kortix/resolveKortixVisibility.js';
import { aManifest } from './helpers.js';

const MANIFEST = aManifest(`kortix_version: 3
tools:
  web_search: kortix:web_search
  memory: kortix:memory
agents:
  lead:
    tools: [read, bash, task, web_search, memory]
  researcher:
    tools: [read, web_search, grep]
`);
const NAMES = ['read', 'bash', 'grep', 'task', 'web_search', 'memory'];

function aRegistry(): Registry {
  const registry = createRegistry({ builtins: 'none' });
  for (const name of NAMES) {
    registry.register({
      name,
      version: 1,
      description: `The ${name} tool.`,
      inputSchema: { type: 'object' },
    });
  }
  return registry;
}

const registry = aRegistry();
const gate = createGate({ registry });
const grant = createGrant({ tools: NAMES.map((name) => `${name}@1`) });
const call = (tool: string) => ({ calls: [{ tool, version: 1, arguments: {} }] });
const listed = (menu: string) => [...menu.matchAll(/^name: (.+)$/gm)].map((match) => match[1]);

describe('"Visibility, not permission. A hidden tool is also denied if the model calls it."', () => {
  const visible = resolveKortixVisibility(MANIFEST, { agent: 'researcher', harness: 'pi' });

  it.each([
    ['read', 'tool'],
    ['web_search', 'tool'],
    ['grep', 'tool'],
    ['bash', 'rejected'],
    ['memory', 'rejected'],
    ['task', 'rejected'],
  ])('checkTurn: a granted %s settles %s', (tool, settled) => {
    const decision = gate.checkTurn(call(tool), { grant, visible });
    expect(decision.settled).toBe(settled);
    if (decision.settled === 'rejected') {
      expect(decision.refusal).toMatchObject({
        check: 'proposal.visible',
        code: 'hidden_tool',
        reason: `the tool ${tool} is hidden from this agent`,
      });
    }
  });

  it('renderMenu shows only tools both granted and visible', () => {
    expect(listed(renderMenu({ registry, grant, visible }))).toEqual([
      'read',
      'grep',
      'web_search',
    ]);
  });

  it('createRun refuses a hidden tool with hidden_tool and a reprompt stating the reason', () => {
    const run = createRun({ gate, grant, visible });
    const record = run.propose(call('bash'));
    expect(record.settled).toBe('rejected');
    expect(record.refusal?.code).toBe('hidden_tool');
    expect(record.reprompt).toContain('the tool bash is hidden from this agent');
    expect(run.propose(call('read')).settled).toBe('tool');
  });

  it('a visible tool that is not granted is still refused by the grant (visibility is not permission)', () => {
    const narrow = createGrant({ tools: ['read@1'] });
    const decision = gate.checkTurn(call('web_search'), { grant: narrow, visible });
    expect(decision.settled === 'rejected' && decision.refusal.code).toBe('not_granted');
  });
});

describe('subagents on pi: the child sees what both lists allow, and its authority narrows too', () => {
  it('narrowForSubagent intersects the parent and child grants and visibility, and the run uses the result', () => {
    const lead = {
      grant,
      visible: resolveKortixVisibility(MANIFEST, { agent: 'lead', harness: 'pi' }),
    };
    const researcher = {
      grant: createGrant({ tools: ['read@1', 'grep@1', 'web_search@1'] }),
      visible: resolveKortixVisibility(MANIFEST, {
        agent: 'researcher',
        harness: 'pi',
        parent: 'lead',
      }),
    };
    expect(researcher.visible).toEqual(['read', 'web_search']);
    const child = narrowForSubagent(lead, researcher);
    expect(child.visible).toEqual(['read', 'web_search']);
    expect(child.grant.tools).toEqual(['read@1', 'grep@1', 'web_search@1']);
    const run = createRun({ gate, grant: child.grant, visible: child.visible });
    expect(run.propose(call('grep')).refusal?.code).toBe('hidden_tool');
    expect(run.propose(call('web_search')).settled).toBe('tool');
    expect(listed(renderMenu({ registry, grant: child.grant, visible: child.visible }))).toEqual([
      'read',
      'web_search',
    ]);
  });
});
