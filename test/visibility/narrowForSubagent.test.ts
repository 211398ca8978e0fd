import { describe, expect, it } from 'vitest';
import { createGate, createGrant, createRegistry, narrowForSubagent } from '../../src/index.js';

describe('narrowForSubagent', () => {
  it('intersects grant and visibility, and the gate accepts the result', () => {
    const registry = createRegistry({ builtins: 'self-run' });
    const parent = {
      grant: createGrant({ tools: ['fs-read@1', 'text-summarize@1'], folders: ['/srv'] }),
      visible: ['fs-read', 'text-summarize'],
    };
    const child = {
      grant: createGrant({
        tools: ['fs-read@1', 'fs-write@1'],
        folders: [{ path: '/srv/docs', access: 'read' }],
      }),
    };
    const narrowed = narrowForSubagent(parent, child);
    expect(narrowed.visible).toEqual(['fs-read', 'text-summarize']);
    expect(narrowed.grant.tools).toEqual(['fs-read@1']);
    expect(Object.isFrozen(narrowed)).toBe(true);
    const gate = createGate({ registry });
    const read = (path: string) =>
      gate.authorize(
        { calls: [{ tool: 'fs-read', version: 1, arguments: { path } }] },
        { grant: narrowed.grant, visible: narrowed.visible },
      );
    expect(read('/srv/docs/a').settled).toBe('tool');
    const outside = read('/srv/b');
    expect(outside.settled === 'rejected' && outside.refusal.code).toBe('folder_out_of_scope');
  });
});
