import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainTurn } from '../../src/cli/explain/explainTurn.js';
import type { CallExplanation, TurnExplanation } from '../../src/cli/explain/types.js';
import { loadPolicy } from '../../src/cli/policy/loadPolicy.js';
import type { Policy } from '../../src/cli/policy/types.js';
import { resolveContext, type ContextChoice } from '../../src/cli/resolveContext.js';
import { createGate } from '../../src/createGate.js';
import type { TurnDecision } from '../../src/gate/types.js';
import { ROOT } from './helpers.js';
import { enough, runs } from '../helpers/testEnv.js';

const files = {
  readFile: (path: string) => readFileSync(resolve(ROOT, path), 'utf8'),
  exists: () => false,
};
const loaded = loadPolicy('examples/policy.yaml', files);
if (!loaded.ok) throw new Error('the example policy must load');
const policy: Policy = loaded.policy;
const gate = createGate({ registry: policy.registry });

/** Decides and explains a turn, as `toolgate check --explain` does. */
function explain(turn: unknown, choice: ContextChoice = { grant: 'coder', cwd: '/workspace' }) {
  const resolved = resolveContext(policy, choice);
  if (!resolved.ok) throw new Error(resolved.problem);
  const decision = gate.authorize(turn, resolved.context);
  const scope = {
    policy,
    grantName: resolved.grantName,
    ...(resolved.agent === undefined ? {} : { agent: resolved.agent }),
  };
  return { decision, explanation: explainTurn(gate, turn, resolved.context, decision, scope) };
}

const calls = (explanation: TurnExplanation): readonly CallExplanation[] =>
  explanation.kind === 'calls' ? explanation.calls : [];

/** Every check of a call, in the gate's order. */
const CHECK_IDS = [
  'proposal.granted',
  'proposal.visible',
  'proposal.arguments',
  'dispatch.step',
  'dispatch.shape',
  'dispatch.grant',
  'dispatch.network',
  'dispatch.folder',
  'dispatch.secret',
  'dispatch.flow',
  'dispatch.approval',
];

/**
 * The explanation never disagrees with the gate: an allowed turn passes
 * every check of every call, each scope pass names an entry that exists;
 * a refused turn shows that refusal at that check of that call.
 */
function expectAgreement(
  decision: TurnDecision,
  explanation: TurnExplanation,
): TurnDecision['settled'] {
  expectSameDecision(decision, explanation);
  return decision.settled;
}

function expectSameDecision(decision: TurnDecision, explanation: TurnExplanation): void {
  if (decision.settled === 'answer') {
    expect(explanation).toEqual({ kind: 'answer' });
    return;
  }
  if (decision.settled === 'tool') {
    // One explained call per allowed call, in order, each passing every check the gate runs.
    expect(explanation.kind).toBe('calls');
    expect(calls(explanation).map((call) => [call.callIndex, call.ref])).toEqual(
      decision.calls.map((call, index) => [index, call.ref]),
    );
    for (const call of calls(explanation)) {
      expect(call.checks.map((check) => `${check.id} ${check.verdict}`)).toEqual(
        CHECK_IDS.map((id) => `${id} pass`),
      );
      for (const match of call.checks.flatMap((check) => check.matched))
        expect(match.index).toBeGreaterThanOrEqual(0);
    }
    return;
  }
  const { refusal } = decision;
  if (explanation.kind === 'turn_refused') {
    expect(explanation.refusal).toEqual(refusal);
    return;
  }
  const refused = calls(explanation)[refusal.callIndex ?? -1]?.checks.find(
    (check) => check.verdict === 'refused',
  );
  expect(refused?.id).toBe(refusal.check);
  expect(refused?.refusal?.code).toBe(refusal.code);
  expect(refused?.refusal?.reason).toBe(refusal.reason);
}

describe('explainTurn', () => {
  it('agrees with the gate on every example turn', () => {
    const settled: string[] = [];
    for (const name of readdirSync(resolve(ROOT, 'examples/turns'))) {
      const text = readFileSync(resolve(ROOT, 'examples/turns', name), 'utf8');
      const { decision, explanation } = explain(text);
      settled.push(expectAgreement(decision, explanation));
    }
    // The examples hold allowed and refused turns: both branches ran.
    expect(settled.filter((kind) => kind === 'tool').length).toBeGreaterThan(0);
    expect(settled.filter((kind) => kind === 'rejected').length).toBeGreaterThan(0);
  });

  it("lists every check in the gate's order, and marks those after a refusal as not run", () => {
    const { explanation } = explain({
      calls: [{ tool: 'fs-read', version: 1, arguments: { path: '/etc/passwd' } }],
    });
    expect(calls(explanation)[0]?.checks.map((check) => `${check.id} ${check.verdict}`)).toEqual([
      'proposal.granted pass',
      'proposal.visible pass',
      'proposal.arguments pass',
      'dispatch.step pass',
      'dispatch.shape pass',
      'dispatch.grant pass',
      'dispatch.network pass',
      'dispatch.folder refused',
      'dispatch.secret not_run',
      'dispatch.flow not_run',
      'dispatch.approval not_run',
    ]);
  });

  it('names the grant entry behind each pass, with its place in the policy as written', () => {
    const { explanation } = explain({
      calls: [
        {
          tool: 'github/api',
          version: 1,
          arguments: { method: 'GET', url: 'https://API.github.com./repos' },
        },
      ],
    });
    const checks = calls(explanation)[0]?.checks ?? [];
    const matched = (id: string) => checks.find((check) => check.id === id)?.matched ?? [];
    expect(matched('proposal.granted')).toEqual([
      {
        want: 'tool github/api@1',
        scope: 'tools',
        index: 2,
        entry: 'github/api@1',
        source: 'grants.coder.tools[2]',
        place: { file: 'examples/policy.yaml', line: 52, column: 36 },
      },
    ]);
    // The host as the gate reads it: lower case, trailing dot dropped, default port.
    expect(
      matched('dispatch.network').map((match) => [
        match.want,
        match.pointer,
        match.entry,
        match.source,
      ]),
    ).toEqual([
      [
        "host api.github.com (the tool's own)",
        undefined,
        'api.github.com',
        'grants.coder.network[0]',
      ],
      [
        'url https://API.github.com./repos => host api.github.com:443',
        '/url',
        'api.github.com',
        'grants.coder.network[0]',
      ],
    ]);
    expect(matched('dispatch.secret').map((match) => match.entry)).toEqual(['GITHUB_TOKEN']);
    expect(checks.find((check) => check.id === 'dispatch.folder')?.notes).toEqual([
      'the call names no path',
    ]);
  });

  it('names the step, agent and visible entry when the context has them', () => {
    const { explanation } = explain(
      {
        calls: [
          {
            tool: 'github/api',
            version: 1,
            arguments: { method: 'GET', url: 'https://api.github.com/' },
          },
        ],
      },
      { grant: 'reviewer', step: 'plan', agent: 'reader' },
    );
    const checks = calls(explanation)[0]?.checks ?? [];
    expect(checks.find((check) => check.id === 'proposal.visible')?.matched).toMatchObject([
      { scope: 'visible', entry: 'github/*', source: 'agents.reader.visible[1]' },
    ]);
    expect(checks.find((check) => check.id === 'dispatch.step')?.matched).toMatchObject([
      { scope: 'step', entry: 'github/api', source: 'steps.plan.tools[1]' },
    ]);
  });

  it('shows what the grant has next to a refused scope check', () => {
    const { explanation } = explain({
      calls: [
        { tool: 'http/fetch', version: 1, arguments: { url: 'https://x.example/', auth: 'A' } },
      ],
    });
    const refused = calls(explanation)[0]?.checks.find((check) => check.verdict === 'refused');
    expect(refused?.notes).toEqual(["the grant's hosts: api.github.com, registry.npmjs.org"]);
  });

  it("explains each call as far as its own first refusal, while the verdict is the gate's first refusal", () => {
    const { decision, explanation } = explain({
      calls: [
        { tool: 'fs-write', version: 1, arguments: { path: '/etc/x', content: '' } },
        { tool: 'nope', version: 1, arguments: {} },
      ],
    });
    // The gate runs the proposal stage for every call first: call 1 is what it reports.
    expect(decision).toMatchObject({
      settled: 'rejected',
      refusal: { code: 'not_granted', callIndex: 1 },
    });
    expect(
      calls(explanation).map(
        (call) => call.checks.find((check) => check.verdict === 'refused')?.id,
      ),
    ).toEqual(['dispatch.folder', 'proposal.granted']);
  });

  it('explains an answer and a turn refused before any call', () => {
    expect(explain('{"answer":"done"}').explanation).toEqual({ kind: 'answer' });
    expect(explain('{"calls": []}').explanation).toMatchObject({
      kind: 'turn_refused',
      refusal: { check: 'proposal.decode', code: 'malformed_proposal' },
    });
  });

  it("agrees with the gate on generated turns: paths, URLs, hosts and secrets near the scope's edges", () => {
    const path = fc.constantFrom(
      'src/a.ts',
      '../x',
      '/workspace',
      '/workspace2/a',
      '/workspace/./b/../c',
      '/etc/passwd',
      '',
      'a\\b',
    );
    const url = fc.constantFrom(
      'https://api.github.com/x',
      'https://API.GITHUB.COM:443/',
      'http://api.github.com:8080/',
      'https://registry.npmjs.org/p',
      'https://registry.npmjs.org@evil.example/',
      'https://evil.example/',
      'ftp://registry.npmjs.org/',
    );
    const secret = fc.constantFrom('GITHUB_TOKEN', 'NPM_TOKEN', 'github_token', 'bad name');
    const call = fc.oneof(
      path.map((value) => ({ tool: 'fs-read', version: 1, arguments: { path: value } })),
      path.map((value) => ({
        tool: 'fs-write',
        version: 1,
        arguments: { path: value, content: '' },
      })),
      url.map((value) => ({
        tool: 'github/api',
        version: 1,
        arguments: { method: 'GET', url: value },
      })),
      fc.tuple(url, fc.option(secret, { nil: undefined })).map(([value, auth]) => ({
        tool: 'http/fetch',
        version: 1,
        arguments: auth === undefined ? { url: value } : { url: value, auth },
      })),
    );
    const choice = fc.record({
      grant: fc.constantFrom('coder', 'reviewer'),
      step: fc.constantFrom(undefined, 'plan', 'edit'),
      agent: fc.constantFrom(undefined, 'reader'),
      cwd: fc.constantFrom(undefined, '/workspace', '/'),
    });
    const settled = { tool: 0, rejected: 0 };
    fc.assert(
      fc.property(fc.array(call, { minLength: 1, maxLength: 3 }), choice, (turnCalls, context) => {
        const { decision, explanation } = explain({ calls: turnCalls }, context);
        const kind = expectAgreement(decision, explanation);
        if (kind === 'tool') settled.tool++;
        if (kind === 'rejected') settled.rejected++;
      }),
      { numRuns: runs(300), seed: 20_251_130 },
    );
    // Both branches ran: allowed turns (each call explained) and refused ones.
    expect(settled.tool).toBeGreaterThan(enough(10, 300));
    expect(settled.rejected).toBeGreaterThan(enough(200, 300));
  });
});
