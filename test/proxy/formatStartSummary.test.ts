import { describe, expect, it } from 'vitest';
import { formatStartSummary } from '../../src/proxy/formatStartSummary.js';
import type { ServedTool } from '../../src/proxy/types.js';

const tool = (ref: string): ServedTool => ({
  ref,
  server: ref.slice(0, ref.indexOf('/')),
  upstreamName: ref.slice(ref.indexOf('/') + 1, ref.indexOf('@')),
  definition: { name: 'x', inputSchema: { type: 'object' } },
});

describe('formatStartSummary (issue 29)', () => {
  it('says the grant, each server up or down, what is granted but not served, the store and the lock', () => {
    const served = new Map(
      ['fs/read@1', 'fs/write@1', 'fs/list@1'].map((ref) => [ref, tool(ref)] as const),
    );
    expect(
      formatStartSummary({
        grantName: 'default',
        granted: ['fs/read@1', 'fs/write@1', 'fs/moved@1', 'fake/note@1'],
        servers: ['fs', 'fake'],
        served,
        refused: new Map([['fs/moved@1', { locked: 'sha256:a', live: 'sha256:b' }]]),
        whyDown: (server) => (server === 'fake' ? 'the process exited\n(code 1)' : undefined),
        records: 'sqlite:/p/toolgate-records.db',
        lock: '/p/toolgate.lock',
        audit: false,
      }),
    ).toEqual([
      'toolgate mcp: grant default (4 tools), lock /p/toolgate.lock, records sqlite:/p/toolgate-records.db',
      'toolgate mcp: server fs: serving 2 granted of 3 listed: fs/read@1, fs/write@1',
      'toolgate mcp: server fake: down: the process exited (code 1)',
      'toolgate mcp: granted but not served: fs/moved@1 (changed since the lock), fake/note@1 (its server is down)',
    ]);
  });

  it('says no lock and audit mode, and cuts a long list', () => {
    const refs = Array.from({ length: 10 }, (_, index) => `fs/t${String(index)}@1`);
    const lines = formatStartSummary({
      grantName: 'g',
      granted: refs,
      servers: ['fs'],
      served: new Map(refs.map((ref) => [ref, tool(ref)] as const)),
      refused: new Map(),
      whyDown: () => undefined,
      records: 'jsonl:/r.jsonl',
      lock: undefined,
      audit: true,
    });
    expect(lines[0]).toBe(
      'toolgate mcp: grant g (10 tools), audit mode, no lock, records jsonl:/r.jsonl',
    );
    expect(lines[1]).toMatch(/: fs\/t0@1, .*fs\/t7@1 and 2 more$/);
    expect(lines).toHaveLength(2);
  });
});
