import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createGate,
  createGrant,
  createRegistry,
  type BuiltinsMode,
  type ExtraCheck,
  type Gate,
  type GateContext,
  type GrantSpec,
  type Refusal,
  type ToolDefinition,
  type TurnDecision,
  type TurnLimits,
} from '../../src/index.js';
import { flowsOfGate } from '../../src/gate/gateFlows.js';
import { REFUSAL_CODES } from './fixtures.js';
import { readChoice, readList, readObject, readText } from '../helpers/strictData.js';

/**
 * Runs every scenario in test/fixtures/scenarios/. A scenario is
 * `{ description, registry, grant, turn, context, expected }`, plus two
 * optional keys:
 *
 * - `gate`: `{ limits?, checks? }`; an extra check is declared as data,
 *   `{ id, returns }` (the verdict it returns) or `{ id, throws }` (a message);
 * - `between`: what changes between the proposal and the dispatch stage,
 *   `{ grant?, context?, deregister?, register? }`.
 *
 * The flow is the one a runtime follows: `checkTurn`, then the changes of
 * `between`, then `checkDispatch` for each call in order. `expected` is its
 * outcome in `checkTurn`'s shape, a dispatch refusal carrying the index of
 * its call. Without `between`, `authorize` must give exactly the same.
 */

const DIR = new URL('../fixtures/scenarios/', import.meta.url);

interface ExpectedRefusal {
  readonly check: string;
  readonly code: string;
  readonly reason?: string;
  readonly reasonPrefix?: string;
  readonly callIndex?: number;
  readonly ref?: string;
  readonly details?: readonly unknown[];
}

type Expected =
  | { readonly settled: 'answer'; readonly answer: string }
  | { readonly settled: 'tool'; readonly calls: readonly unknown[] }
  | { readonly settled: 'rejected'; readonly refusal: ExpectedRefusal };

interface Scenario {
  readonly description: string;
  readonly builtins: BuiltinsMode;
  readonly tools: readonly ToolDefinition[];
  readonly grant: GrantSpec;
  readonly turn: unknown;
  readonly context: Readonly<Record<string, unknown>>;
  readonly limits?: TurnLimits;
  readonly checks: readonly ExtraCheck[];
  readonly between?: {
    readonly grant?: GrantSpec;
    readonly context?: Readonly<Record<string, unknown>>;
    readonly deregister: readonly string[];
    readonly register: readonly ToolDefinition[];
  };
  readonly expected: Expected;
}

const CODES = REFUSAL_CODES;

/** An extra check declared as data: it returns its verdict, or throws its message. */
function readCheck(value: unknown, where: string): ExtraCheck {
  const item = readObject(value, where, ['id'], ['returns', 'throws']);
  const id = readText(item.id, `${where}.id`);
  if (Object.hasOwn(item, 'throws') === Object.hasOwn(item, 'returns'))
    throw new Error(`${where} needs exactly one of returns, throws`);
  if (Object.hasOwn(item, 'throws')) {
    const message = readText(item.throws, `${where}.throws`);
    return {
      id,
      check: () => {
        throw new Error(message);
      },
    };
  }
  const verdict = item.returns as ReturnType<ExtraCheck['check']>;
  return { id, check: () => verdict };
}

function readExpected(value: unknown, where: string): Expected {
  const settled = readChoice(
    readObject(value, where, ['settled'], ['answer', 'calls', 'refusal']).settled,
    `${where}.settled`,
    ['answer', 'tool', 'rejected'],
  );
  if (settled === 'answer') {
    const item = readObject(value, where, ['settled', 'answer']);
    return { settled, answer: readText(item.answer, `${where}.answer`) };
  }
  if (settled === 'tool') {
    const item = readObject(value, where, ['settled', 'calls']);
    return { settled, calls: readList(item.calls, `${where}.calls`) };
  }
  const at = `${where}.refusal`;
  const refusal = readObject(
    readObject(value, where, ['settled', 'refusal']).refusal,
    at,
    ['check', 'code'],
    ['reason', 'reasonPrefix', 'callIndex', 'ref', 'details', 'approval'],
  );
  if (Object.hasOwn(refusal, 'reason') === Object.hasOwn(refusal, 'reasonPrefix'))
    throw new Error(`${at} needs exactly one of reason, reasonPrefix`);
  readChoice(refusal.code, `${at}.code`, CODES);
  return { settled, refusal: refusal as unknown as ExpectedRefusal };
}

function readScenario(name: string): Scenario {
  const where = name;
  const file = readObject(
    JSON.parse(readFileSync(new URL(name, DIR), 'utf8')),
    where,
    ['description', 'registry', 'grant', 'turn', 'context', 'expected'],
    ['gate', 'between'],
  );
  const registry = readObject(file.registry, `${where}.registry`, ['builtins', 'tools']);
  const gate =
    file.gate === undefined ? {} : readObject(file.gate, `${where}.gate`, [], ['limits', 'checks']);
  const between =
    file.between === undefined
      ? undefined
      : readObject(
          file.between,
          `${where}.between`,
          [],
          ['grant', 'context', 'deregister', 'register'],
        );
  const readContext = (value: unknown, at: string) =>
    readObject(value, at, [], ['cwd', 'step', 'visible']);
  return {
    description: readText(file.description, `${where}.description`),
    builtins: readChoice(registry.builtins, `${where}.registry.builtins`, [
      'self-run',
      'managed',
      'none',
    ]),
    tools: readList(registry.tools, `${where}.registry.tools`) as readonly ToolDefinition[],
    grant: readObject(
      file.grant,
      `${where}.grant`,
      [],
      ['tools', 'folders', 'network', 'secrets', 'budgets', 'ask', 'labels', 'flows'],
    ),
    turn: file.turn,
    context: readContext(file.context, `${where}.context`),
    ...(gate.limits === undefined
      ? {}
      : { limits: readObject(gate.limits, `${where}.gate.limits`, [], ['maxBytes', 'maxDepth']) }),
    checks: readList(gate.checks ?? [], `${where}.gate.checks`).map((check, index) =>
      readCheck(check, `${where}.gate.checks[${index}]`),
    ),
    ...(between === undefined
      ? {}
      : {
          between: {
            ...(between.grant === undefined
              ? {}
              : {
                  grant: readObject(
                    between.grant,
                    `${where}.between.grant`,
                    [],
                    ['tools', 'folders', 'network', 'secrets', 'budgets', 'ask', 'labels', 'flows'],
                  ),
                }),
            ...(between.context === undefined
              ? {}
              : { context: readContext(between.context, `${where}.between.context`) }),
            deregister: readList(between.deregister ?? [], `${where}.between.deregister`).map(
              (ref, index) => readText(ref, `${where}.between.deregister[${index}]`),
            ),
            register: readList(
              between.register ?? [],
              `${where}.between.register`,
            ) as readonly ToolDefinition[],
          },
        }),
    expected: readExpected(file.expected, `${where}.expected`),
  };
}

/** Proposes the turn, applies the changes between the stages, then dispatches each call in order. */
function runFlow(
  scenario: Scenario,
  gate: Gate,
  registry: ReturnType<typeof createRegistry>,
  context: GateContext,
): TurnDecision {
  const proposed = gate.checkTurn(scenario.turn, context);
  if (proposed.settled !== 'tool') return proposed;
  let dispatchContext = context;
  if (scenario.between !== undefined) {
    const { grant, context: changed, deregister, register } = scenario.between;
    for (const ref of deregister) expect(registry.deregister(ref)).toEqual({ removed: true });
    for (const definition of register) registry.register(definition);
    dispatchContext = {
      ...(changed ?? scenario.context),
      grant: grant === undefined ? context.grant : createGrant(grant),
    };
  }
  for (const [index, call] of proposed.calls.entries()) {
    const verdict = gate.checkDispatch(call, dispatchContext);
    if (!verdict.allowed)
      return { settled: 'rejected', refusal: { ...verdict.refusal, callIndex: index } };
    expect(verdict.call).toBe(call);
    // As a run does: the labels an allowed call touched count for the calls after it.
    const touches =
      flowsOfGate(gate)?.inspect(call, dispatchContext).touches ??
      new Map<string, { value: string }>();
    const known = dispatchContext.touched ?? [];
    const added = [...touches]
      .filter(([label]) => !known.some((entry) => entry.label === label))
      .map(([label, touch]) => ({ label, ref: call.ref, value: touch.value, callIndex: index }));
    if (added.length > 0) dispatchContext = { ...dispatchContext, touched: [...known, ...added] };
  }
  return proposed;
}

/** Compares an outcome with `expected`: every field exact, the reason exact or by its prefix. */
function expectOutcome(actual: TurnDecision, expected: Expected): void {
  if (expected.settled !== 'rejected' || actual.settled !== 'rejected') {
    expect(JSON.parse(JSON.stringify(actual))).toEqual(expected);
    return;
  }
  const { reasonPrefix, ...rest } = expected.refusal;
  const { details, ...refusal }: Refusal = actual.refusal;
  if (reasonPrefix !== undefined) {
    expect(refusal.reason.startsWith(reasonPrefix)).toBe(true);
    expect({ ...refusal, reason: undefined }).toEqual({
      ...rest,
      reason: undefined,
      details: undefined,
    });
  } else {
    expect(refusal).toEqual({ ...rest, details: undefined });
  }
  if (rest.details !== undefined) expect(details).toEqual(rest.details);
}

const files = readdirSync(DIR)
  .filter((name) => name.endsWith('.json'))
  .sort();
const scenarios = files.map((name) => [name, readScenario(name)] as const);

describe('the scenario corpus', () => {
  it.each(scenarios)('%s', (_name, scenario) => {
    const registry = createRegistry({ builtins: scenario.builtins });
    for (const tool of scenario.tools) registry.register(tool);
    const gate = createGate({
      registry,
      ...(scenario.checks.length === 0 ? {} : { checks: scenario.checks }),
      ...(scenario.limits === undefined ? {} : { limits: scenario.limits }),
    });
    const context = { ...scenario.context, grant: createGrant(scenario.grant) } as GateContext;
    if (scenario.between === undefined) {
      // authorize is the preflight of exactly this flow; run it first, before anything changes.
      const preflight = gate.authorize(scenario.turn, context);
      expectOutcome(preflight, scenario.expected);
      expect(runFlow(scenario, gate, registry, context)).toEqual(preflight);
    } else {
      expectOutcome(runFlow(scenario, gate, registry, context), scenario.expected);
    }
  });

  it('holds at least 40 scenarios covering every check and every code of SPEC §7, §9 and the gate', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(40);
    const refusals = scenarios.flatMap(([, { expected }]) =>
      expected.settled === 'rejected' ? [expected.refusal] : [],
    );
    const codes = new Set(refusals.map(({ code }) => code));
    const checks = new Set(refusals.map(({ check }) => check));
    // approval_reused needs a run's used tokens, which a gate alone never has: test/run/createRun.approvals.test.ts.
    for (const code of CODES) if (code !== 'approval_reused') expect(codes).toContain(code);
    for (const check of [
      'proposal.decode',
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
      'gate.context',
    ]) {
      expect(checks).toContain(check);
    }
    const settled = new Set(scenarios.map(([, { expected }]) => expected.settled));
    expect([...settled].sort()).toEqual(['answer', 'rejected', 'tool']);
  });

  it('reads scenario files strictly: a misspelt key is an error', () => {
    expect(() =>
      readExpected(
        {
          settled: 'rejected',
          refusal: { check: 'x', code: 'not_granted', reason: 'r', callindex: 0 },
        },
        'expected',
      ),
    ).toThrow('expected.refusal has unknown key "callindex"');
    expect(() => readExpected({ settled: 'tool', calls: [], refusal: {} }, 'expected')).toThrow(
      'expected has unknown key "refusal"',
    );
    expect(() =>
      readExpected(
        { settled: 'rejected', refusal: { check: 'x', code: 'no_such_code', reason: 'r' } },
        'expected',
      ),
    ).toThrow('expected.refusal.code must be one of');
  });
});
