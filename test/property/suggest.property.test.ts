import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGate, createGrant, createRun, suggestGrant } from '../../src/index.js';
import { aRegistry, aTool } from '../helpers/builders.js';
import { enough, runs } from '../helpers/testEnv.js';

/**
 * suggestGrant against replay: runs of generated calls in audit mode under
 * a grant of the tools alone; the suggested grant, enforced, allows every
 * call of every run again (the same sequence, its budgets included), and
 * refuses a value outside every used folder, host and secret.
 */

const registry = aRegistry([
  aTool({
    name: 'file/read',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    resources: [{ kind: 'path', at: '/path', access: 'read' }],
  }),
  aTool({
    name: 'file/write',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    resources: [{ kind: 'path', at: '/path', access: 'write' }],
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
  aTool({ name: 'slack/post', inputSchema: { type: 'object' }, network: ['slack.com'] }),
]);
const gate = createGate({ registry });
const TOOLS = ['file/read@1', 'file/write@1', 'web/get@1', 'vault/use@1', 'slack/post@1'];

const PATHS = [
  '/srv/app',
  '/srv/app/a.md',
  '/srv/app/src/b.ts',
  '/srv/data/c.csv',
  '/home/me/notes/n.txt',
  '/etc/hosts',
];
const URLS = [
  'https://a.example.com/x',
  'https://b.example.com/',
  'https://c.example.com/y',
  'https://api.other.org/',
  'http://127.0.0.1:8080/',
];
const NAMES = ['AWS_KEY', 'GH_TOKEN'];
/** Paths no call uses: each is checked where it lies outside every used path's folder. */
const OTHER_PATHS = [
  '/zzz/q.txt',
  '/srv/zzz.txt',
  '/srv/app/zz',
  '/srv/data',
  '/home/me/x',
  '/etc/passwd',
  '/',
];

type Call = readonly [tool: string, args: Record<string, unknown>];
const aCall: fc.Arbitrary<Call> = fc.oneof(
  fc.constantFrom(...PATHS).map((path): Call => ['file/read', { path }]),
  fc.constantFrom(...PATHS).map((path): Call => ['file/write', { path }]),
  fc.constantFrom(...URLS).map((url): Call => ['web/get', { url }]),
  fc.constantFrom(...NAMES).map((name): Call => ['vault/use', { name }]),
  fc.constant<Call>(['slack/post', {}]),
);
const aRunOfTurns = fc.array(fc.array(aCall, { minLength: 1, maxLength: 3 }), {
  minLength: 1,
  maxLength: 5,
});

function play(
  turns: readonly (readonly Call[])[],
  grant: ReturnType<typeof createGrant>,
  enforce: boolean,
) {
  const run = createRun({ gate, grant, enforce });
  let allAllowed = true;
  for (const calls of turns) {
    const record = run.propose({
      calls: calls.map(([tool, args]) => ({ tool, version: 1, arguments: args })),
    });
    if (record.settled !== 'tool') {
      allAllowed = false;
      continue;
    }
    for (const call of record.calls) if (!run.dispatch(call).allowed) allAllowed = false;
  }
  return { records: run.records(), allAllowed };
}

describe('suggestGrant, against replaying the runs', () => {
  it('allows every call the audit runs made, and refuses values outside what they used', () => {
    let withFolders = 0;
    let outsideChecked = 0;
    fc.assert(
      fc.property(fc.array(aRunOfTurns, { minLength: 1, maxLength: 3 }), (sessions) => {
        // Granted secret names are in run.records() (ungranted ones are [redacted]), so they can be suggested.
        const current = createGrant({ tools: TOOLS, secrets: ['AWS_*', 'GH_TOKEN'] });
        const recorded = sessions.map((turns) => play(turns, current, false).records);
        const suggestion = suggestGrant(recorded, current);
        for (const turns of sessions)
          expect(play(turns, suggestion.grant, true).allAllowed).toBe(true);
        if (suggestion.grant.folders.length > 0) withFolders++;
        // Outside every used folder, host and secret: refused.
        // Outside the folders of every used path (the path itself and the folder holding it),
        // a host of a domain never used, a secret never used: refused.
        const usedPaths = sessions
          .flat(2)
          .filter(([tool]) => tool.startsWith('file/'))
          .map(([, args]) => args.path as string);
        const within = (path: string, root: string) => path === root || path.startsWith(`${root}/`);
        const isOutside = (path: string) =>
          usedPaths.every(
            (used) => !within(path, used) && !within(path, used.slice(0, used.lastIndexOf('/'))),
          );
        const outside: Call[] = [
          ...OTHER_PATHS.filter(isOutside).flatMap((path): Call[] => [
            ['file/read', { path }],
            ['file/write', { path }],
          ]),
          ['web/get', { url: 'https://outside.example.net/' }],
          ['vault/use', { name: 'GH_TOKEN_2' }],
          ['vault/use', { name: 'AWS_OTHER' }],
        ];
        outsideChecked += outside.length;
        for (const [tool, args] of outside)
          expect(
            gate.authorize(
              { calls: [{ tool, version: 1, arguments: args }] },
              { grant: suggestion.grant },
            ).settled,
            `${tool} ${JSON.stringify(args)}`,
          ).toBe('rejected');
        // Nothing beyond what was used: every tool, root, host and secret of the suggestion was used.
        const used = new Set(sessions.flat(2).map(([tool]) => `${tool}@1`));
        for (const ref of suggestion.grant.tools) expect(used.has(ref)).toBe(true);
        expect(suggestion.notes).toEqual([]);
      }),
      { numRuns: runs(300), seed: 20_261_204 },
    );
    expect(withFolders).toBeGreaterThan(enough(100, 300));
    expect(outsideChecked).toBeGreaterThan(enough(1_000, 300));
  });
});
