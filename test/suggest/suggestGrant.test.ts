import { describe, expect, it } from 'vitest';
import {
  createGate,
  createGrant,
  createRun,
  suggestGrant,
  type GrantSpec,
} from '../../src/index.js';
import { aRegistry, aTool } from '../helpers/builders.js';

const registry = aRegistry([
  aTool({
    name: 'file/read',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    resources: [{ kind: 'path', at: '/path', access: 'read' }],
  }),
  aTool({
    name: 'web/get',
    inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
    resources: [{ kind: 'url', at: '/url' }],
  }),
  aTool({
    name: 'vault/use',
    inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    resources: [{ kind: 'secret', at: '/name' }],
  }),
]);
const gate = createGate({ registry });

/** The records of one run of these one-call turns under `spec`. */
function recordsOf(spec: GrantSpec, calls: [string, Record<string, unknown>][], enforce = false) {
  const run = createRun({ gate, grant: createGrant(spec), enforce });
  for (const [tool, args] of calls) {
    const record = run.propose({ calls: [{ tool, version: 1, arguments: args }] });
    for (const call of record.calls ?? []) run.dispatch(call);
  }
  return run.records();
}

describe('suggestGrant', () => {
  it('suggests roots, hosts, a domain pattern from three names, and counts what each covers', () => {
    const spec: GrantSpec = { tools: ['file/read@1', 'web/get@1'] };
    const records = recordsOf(spec, [
      ['file/read', { path: '/srv/app/a.md' }],
      ['file/read', { path: '/srv/app/b.md' }],
      ['file/read', { path: '/srv/app/docs' }],
      ['file/read', { path: '/srv/app/docs/c.md' }],
      ['web/get', { url: 'https://a.example.com/' }],
      ['web/get', { url: 'https://b.example.com/' }],
      ['web/get', { url: 'https://c.example.com/' }],
      ['web/get', { url: 'https://api.other.org/' }],
    ]);
    const suggestion = suggestGrant([records, records], createGrant(spec));
    expect(suggestion.spec.folders).toEqual([{ path: '/srv/app', access: 'read' }]);
    expect(suggestion.spec.network).toEqual(['*.example.com', 'api.other.org']);
    expect(suggestion.covers.get('/srv/app')).toEqual({ calls: 8, runs: 2 });
    expect(suggestion.covers.get('*.example.com')).toEqual({ calls: 6, runs: 2 });
    expect(suggestion.covers.get('web/get@1')).toEqual({ calls: 8, runs: 2 });
    // Eight turns in the largest run, times 1.5.
    expect(suggestion.spec.budgets).toEqual({ turns: 12, toolCalls: 12, callsPerTurn: 2 });
    expect(suggestGrant([records], createGrant(spec), { margin: 0 }).spec.budgets).toEqual({
      turns: 8,
      toolCalls: 8,
      callsPerTurn: 1,
    });
  });

  it('keeps pins, deny entries and the asks of refs kept; drops refs nobody used', () => {
    const pin = `#sha256:${'a'.repeat(64)}`;
    const spec: GrantSpec = {
      tools: [`file/read@1`, 'web/get@1', 'vault/use@1'],
      folders: ['/srv', '!**/.env'],
      network: ['*', '!10.0.0.0/8'],
      ask: ['file/read@1', 'web/get@1'],
    };
    const records = recordsOf(spec, [['file/read', { path: '/srv/app/a.md' }]]);
    const pinned = createGrant({
      ...spec,
      tools: [`file/read@1${pin}`, 'web/get@1', 'vault/use@1'],
      ask: ['file/read@1'],
    });
    const suggestion = suggestGrant([records], pinned);
    expect(suggestion.spec.tools).toEqual([`file/read@1${pin}`]);
    expect(suggestion.spec.folders).toEqual([{ path: '/srv/app', access: 'read' }, '!**/.env']);
    expect(suggestion.spec.network).toEqual(['!10.0.0.0/8']);
    expect(suggestion.spec.ask).toEqual(['file/read@1']);
  });

  it('leaves out what the current grant refused while enforcing, and says so', () => {
    const spec: GrantSpec = { tools: ['file/read@1'], folders: ['/srv'] };
    const records = recordsOf(spec, [['file/read', { path: '/etc/passwd' }]], true);
    const suggestion = suggestGrant([records], createGrant(spec));
    expect(suggestion.spec.tools).toEqual([]);
    expect(suggestion.notes).toEqual([
      expect.stringMatching(
        /^the current grant refused file\/read@1 \(folder_out_of_scope: .*decide whether the agent should have it$/,
      ) as unknown,
    ]);
  });

  it('keeps the current secret entries when the records show a secret as [redacted], and says so', () => {
    const spec: GrantSpec = { tools: ['vault/use@1'], secrets: ['APP_*'] };
    const records = recordsOf(spec, [['vault/use', { name: 'OTHER_KEY' }]]);
    const suggestion = suggestGrant([records], createGrant(spec));
    expect(suggestion.spec.secrets).toEqual(['APP_*']);
    expect(suggestion.notes).toEqual([
      "a call used a secret the records show as [redacted]: the current grant's secret entries (APP_*) stay; narrow them by hand",
    ]);
    // A granted name is in the records, so it is suggested exactly.
    const named = suggestGrant(
      [recordsOf(spec, [['vault/use', { name: 'APP_KEY' }]])],
      createGrant(spec),
    );
    expect(named.spec.secrets).toEqual(['APP_KEY']);
    expect(named.notes).toEqual([]);
  });

  it('suggests nothing for runs that made no call', () => {
    const suggestion = suggestGrant([], createGrant({ tools: ['file/read@1'], folders: ['/srv'] }));
    expect(suggestion.spec).toEqual({ tools: [], folders: [], network: [], secrets: [] });
  });
});
