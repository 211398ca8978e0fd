import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createGate,
  createGrant,
  createRun,
  type GrantSpec,
  type LabelSpec,
} from '../../src/index.js';
import { aRegistry, aTool } from '../helpers/builders.js';
import { enough, runs } from '../helpers/testEnv.js';

/**
 * Flow rules against a reference model. Runs are generated: labels over
 * folders, hosts, secrets and a tool; flow rules between them (deny and
 * ask); a sequence of one-call turns over labelled and unlabelled values,
 * some refused by a folder deny entry; enforcing or in audit mode. The model
 * decides each dispatch on its own: a folder refusal first (the folder check
 * comes before the flow check), then `flow_denied` exactly when an earlier
 * let-through dispatch touched the `after` label of a rule whose `deny`
 * label this call touches, then `approval_required` when such a rule's
 * `ask` label is touched. Label membership is written out by hand below, not
 * computed by toolgate's matchers. The records and the summary must name and
 * count the labels the model says each dispatch touched.
 */

const RUNS = { numRuns: runs(1_500), seed: 20_261_203 } as const;

/** The label patterns, each with its membership written out independently. */
const FOLDERS = {
  '/d/a/**': (path: string) => path.startsWith('/d/a/'),
  '/d/b/*.txt': (path: string) => /^\/d\/b\/[^/]+\.txt$/.test(path),
} as const;
const HOSTS = {
  'a.example.com': (host: string) => host === 'a.example.com',
  '*.b.example.com': (host: string) => host.endsWith('.b.example.com'),
} as const;
const SECRETS = { 'A_*': (name: string) => name.startsWith('A_') } as const;

const PATHS = ['/d/a/1', '/d/a/x/2', '/d/b/c.txt', '/d/b/c.md', '/d/b/x/c.txt', '/d/c/1', '/d/x/1'];
const URLS = [
  'https://a.example.com/',
  'https://x.b.example.com/p',
  'https://b.example.com/',
  'https://c.example.com/',
];
const NAMES = ['A_1', 'A_2', 'B_1'];
/** What the folder scope takes away: a refused dispatch touches nothing when enforcing. */
const DENIED = (path: string) => path.startsWith('/d/x/');

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
  aTool({ name: 'note', inputSchema: { type: 'object' } }),
]);
const gate = createGate({ registry });

interface Label {
  readonly folders: readonly (keyof typeof FOLDERS)[];
  readonly network: readonly (keyof typeof HOSTS)[];
  readonly secrets: readonly (keyof typeof SECRETS)[];
  readonly note: boolean;
}
type Call =
  | { readonly tool: 'file/read'; readonly value: string }
  | { readonly tool: 'web/get'; readonly value: string }
  | { readonly tool: 'vault/use'; readonly value: string }
  | { readonly tool: 'note'; readonly value: '' };

const aLabel: fc.Arbitrary<Label> = fc
  .record({
    folders: fc.subarray(Object.keys(FOLDERS) as (keyof typeof FOLDERS)[]),
    network: fc.subarray(Object.keys(HOSTS) as (keyof typeof HOSTS)[]),
    secrets: fc.subarray(Object.keys(SECRETS) as (keyof typeof SECRETS)[]),
    note: fc.boolean(),
  })
  .filter(
    (label) => label.folders.length + label.network.length + label.secrets.length > 0 || label.note,
  );
const aCall: fc.Arbitrary<Call> = fc.oneof(
  fc.constantFrom(...PATHS).map((value): Call => ({ tool: 'file/read', value })),
  fc.constantFrom(...URLS).map((value): Call => ({ tool: 'web/get', value })),
  fc.constantFrom(...NAMES).map((value): Call => ({ tool: 'vault/use', value })),
  fc.constant<Call>({ tool: 'note', value: '' }),
);
const NAMES_OF_LABELS = ['l0', 'l1', 'l2'] as const;
const aFlow = fc.record({
  after: fc.constantFrom(...NAMES_OF_LABELS),
  deny: fc.subarray([...NAMES_OF_LABELS]),
  ask: fc.subarray([...NAMES_OF_LABELS]),
});
const aScenario = fc.record({
  labels: fc.tuple(aLabel, aLabel, aLabel),
  flows: fc
    .array(aFlow, { minLength: 1, maxLength: 3 })
    .map((flows) => flows.filter((flow) => flow.deny.length + flow.ask.length > 0)),
  calls: fc.array(aCall, { minLength: 1, maxLength: 8 }),
  audit: fc.boolean(),
});

/** The reference model: does this call touch this label? */
function touches(label: Label, call: Call): boolean {
  switch (call.tool) {
    case 'file/read':
      return label.folders.some((glob) => FOLDERS[glob](call.value));
    case 'web/get': {
      const host = new URL(call.value).hostname;
      return label.network.some((pattern) => HOSTS[pattern](host));
    }
    case 'vault/use':
      return label.secrets.some((pattern) => SECRETS[pattern](call.value));
    case 'note':
      return label.note;
  }
}

function argumentsOf(call: Call): Record<string, unknown> {
  switch (call.tool) {
    case 'file/read':
      return { path: call.value };
    case 'web/get':
      return { url: call.value };
    case 'vault/use':
      return { name: call.value };
    case 'note':
      return {};
  }
}

function specOf(
  labels: readonly Label[],
  flows: readonly { after: string; deny: string[]; ask: string[] }[],
): GrantSpec {
  return {
    tools: ['file/read@1', 'web/get@1', 'vault/use@1', 'note@1'],
    folders: ['/d', '!/d/x/**'],
    network: ['*'],
    secrets: ['*'],
    labels: Object.fromEntries(
      labels.map((label, index): [string, LabelSpec] => [
        NAMES_OF_LABELS[index] as string,
        {
          ...(label.folders.length === 0 ? {} : { folders: [...label.folders] }),
          ...(label.network.length === 0 ? {} : { network: [...label.network] }),
          ...(label.secrets.length === 0 ? {} : { secrets: [...label.secrets] }),
          ...(label.note ? { tools: ['note@1'] } : {}),
        },
      ]),
    ),
    flows: flows.map((flow) => ({
      after: flow.after,
      ...(flow.deny.length === 0 ? {} : { deny: flow.deny }),
      ...(flow.ask.length === 0 ? {} : { ask: flow.ask }),
    })),
  };
}

describe('flow rules, against a reference model', () => {
  it('refuses a call by dispatch.flow exactly when an earlier let-through call touched an after label of a rule denying a label it touches', () => {
    const seen = { flowDenied: 0, approval: 0, allowedAfterTouch: 0 };
    fc.assert(
      fc.property(aScenario, ({ labels, flows, calls, audit }) => {
        const grant = createGrant(specOf(labels, flows));
        const run = createRun({ gate, grant, enforce: !audit });
        const touched = new Set<string>();
        const counts = new Map<string, number>();
        const labelOf = (name: string) => labels[NAMES_OF_LABELS.indexOf(name as 'l0')] as Label;
        for (const call of calls) {
          const active = flows.filter((flow) => touched.has(flow.after));
          const expected =
            DENIED(call.value) && call.tool === 'file/read'
              ? 'folder_out_of_scope'
              : active.some((flow) => flow.deny.some((name) => touches(labelOf(name), call)))
                ? 'flow_denied'
                : active.some((flow) => flow.ask.some((name) => touches(labelOf(name), call)))
                  ? 'approval_required'
                  : 'allowed';
          const record = run.propose({
            calls: [{ tool: call.tool, version: 1, arguments: argumentsOf(call) }],
          });
          const verdict = run.dispatch(record.calls?.[0]);
          const code = audit
            ? verdict.allowed
              ? (verdict.wouldRefuse?.code ?? 'allowed')
              : 'refused in audit mode'
            : verdict.allowed
              ? 'allowed'
              : verdict.refusal.code;
          expect(code).toBe(expected);
          if (expected === 'flow_denied') seen.flowDenied++;
          if (expected === 'approval_required') seen.approval++;
          if (expected === 'allowed' && touched.size > 0) seen.allowedAfterTouch++;
          // What the run remembers: every let-through dispatch (in audit mode, every dispatch).
          const touchedNow =
            audit || expected === 'allowed'
              ? NAMES_OF_LABELS.filter((name, index) => touches(labels[index] as Label, call))
              : [];
          for (const name of touchedNow) {
            touched.add(name);
            counts.set(name, (counts.get(name) ?? 0) + 1);
          }
          // Its record names the labels it touched, in the grant's order; none when it touched none.
          expect(run.records().at(-1)?.dispatches?.[0]?.touched).toEqual(
            touchedNow.length === 0 ? undefined : touchedNow,
          );
        }
        // The summary counts, per label, the let-through dispatches that touched it.
        expect(run.summary().labels).toEqual(
          counts.size === 0 ? undefined : Object.fromEntries(counts),
        );
      }),
      RUNS,
    );
    expect(seen.flowDenied).toBeGreaterThan(enough(300, 1_500));
    expect(seen.approval).toBeGreaterThan(enough(100, 1_500));
    expect(seen.allowedAfterTouch).toBeGreaterThan(enough(300, 1_500));
  });
});
