import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createGate,
  createGrant,
  createRun,
  type Budgets,
  type Run,
  type RunSummary,
  type TurnRecord,
} from '../../src/index.js';
import { RUN_GRANT, aCall, aRunRegistry, callsTurn } from '../helpers/runBuilders.js';
import { runs } from '../helpers/testEnv.js';

const RUNS = { numRuns: runs(10_000), seed: 20_261_202 } as const;
const STEPS = [
  { name: 's1', tools: ['search', 'files/read'] },
  { name: 's2', tools: ['net/get'] },
];

const registry = aRunRegistry();
const gate = createGate({ registry });

/** Turns a model might send: answers, good and bad calls, several calls, garbage. */
const turn = fc.oneof(
  fc.constant({ answer: 'done' }),
  fc
    .integer({ min: 1, max: 3 })
    .map((count) =>
      callsTurn(
        ...Array.from({ length: count }, (_, index) => aCall('search', { query: `q${index}` })),
      ),
    ),
  fc
    .constantFrom('/srv/a', '/etc/passwd', 'rel')
    .map((path) => callsTurn(aCall('files/read', { path }))),
  fc
    .constantFrom('https://example.com/', 'https://evil.com/')
    .map((url) => callsTurn(aCall('net/get', { url }))),
  fc
    .constantFrom('APP_KEY', 'tok_1')
    .map((secret) => callsTurn(aCall('vault/use', { secret }), aCall('search', { query: 'x' }))),
  fc.constant(callsTurn(aCall('web-search', { query: 'x' }, 2))),
  fc.constant(callsTurn(aCall('search', { query: 1 }))),
  fc.constant('{"calls": ['),
);
const action = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('propose' as const),
      turn,
      step: fc.constantFrom(undefined, 's1', 's2'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('dispatch' as const),
      which: fc.nat(3),
      copy: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'forge' as const }) },
);
const budgets = fc.record({ turns: fc.nat(6), toolCalls: fc.nat(6) }, { requiredKeys: [] });
const scenario = fc.record({
  grantBudgets: fc.option(budgets, { nil: undefined }),
  runBudgets: fc.option(budgets, { nil: undefined }),
  actions: fc.array(action, { maxLength: 12 }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** Plays a scenario, calling `after` with the run and the latest turn record after every action. */
function play(
  { grantBudgets, runBudgets, actions }: Scenario,
  after: (
    run: Run,
    action: Scenario['actions'][number],
    latest: TurnRecord | undefined,
    statusBefore: string,
  ) => void,
): Run {
  const grant = createGrant({
    ...RUN_GRANT,
    ...(grantBudgets === undefined ? {} : { budgets: grantBudgets }),
  });
  const run = createRun({
    gate,
    grant,
    steps: STEPS,
    cwd: '/srv',
    ...(runBudgets === undefined ? {} : { budgets: runBudgets }),
  });
  let latest: TurnRecord | undefined;
  for (const step of actions) {
    const statusBefore = run.status;
    if (step.kind === 'propose') {
      latest = run.propose(step.turn, step.step === undefined ? {} : { step: step.step });
    } else if (step.kind === 'dispatch') {
      const call = latest?.calls?.[step.which];
      if (call !== undefined)
        run.dispatch(step.copy ? (JSON.parse(JSON.stringify(call)) as unknown) : call);
    } else {
      run.dispatch({
        tool: 'search',
        version: 1,
        ref: 'search@1',
        shape: 'call',
        arguments: { query: 'forged' },
      });
    }
    after(run, step, latest, statusBefore);
  }
  return run;
}

/** The summary, counted afresh from what the records say (an oracle apart from summarizeRecords). */
function countRecords(records: readonly TurnRecord[]): RunSummary {
  const settled = { answer: 0, tool: 0, rejected: 0, dead_lettered: 0 };
  const steps: Record<string, { refusedTurns: number; byCode: Record<string, number> }> = {};
  for (const name of ['s1', 's2']) steps[name] = { refusedTurns: 0, byCode: {} };
  let turns = 0;
  let toolCalls = 0;
  for (const record of records) {
    if ((record.settled as string) === 'pending') throw new Error('a record shows pending');
    settled[record.settled] += 1;
    // A checked turn spends one: every settlement but a dead letter of a turn that came with none left.
    turns += record.settled === 'dead_lettered' ? record.spent.turns : 1;
    toolCalls += record.calls?.length ?? 0;
    const key = record.step ?? 'default';
    const step = (steps[key] ??= { refusedTurns: 0, byCode: {} });
    const first =
      record.refusal ?? record.dispatches?.filter((dispatch) => !dispatch.allowed)[0]?.refusal;
    if (first !== undefined) {
      step.refusedTurns += 1;
      step.byCode[first.code] = (step.byCode[first.code] ?? 0) + 1;
    }
  }
  return { turns, toolCalls, settled, steps };
}

const limit = (grant: Budgets | undefined, run: Budgets | undefined, key: keyof Budgets) =>
  run?.[key] ?? grant?.[key] ?? Infinity;

describe('run laws', () => {
  it('summary counts always equal what the records say', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const run = play(input, () => undefined);
        const summary = run.summary();
        const counted = countRecords(run.records());
        if (JSON.stringify(summary) !== JSON.stringify(counted)) expect(summary).toEqual(counted);
      }),
      RUNS,
    );
  });

  it('no sequence of turns spends more than the budgets', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const turns = limit(input.grantBudgets, input.runBudgets, 'turns');
        const toolCalls = limit(input.grantBudgets, input.runBudgets, 'toolCalls');
        play(input, (run) => {
          const records = run.records();
          const spentTurns = records.reduce((sum, record) => sum + record.spent.turns, 0);
          const checked = records.filter(
            (record) => record.settled !== 'dead_lettered' || record.spent.turns === 1,
          ).length;
          const authorized = records.reduce((sum, record) => sum + (record.calls?.length ?? 0), 0);
          const over =
            spentTurns > turns ||
            checked > turns ||
            authorized > toolCalls ||
            run.summary().toolCalls > toolCalls;
          if (over) expect({ spentTurns, checked, authorized }).toEqual({ turns, toolCalls });
        });
      }),
      RUNS,
    );
  });

  it('never returns to a non-terminal state after dead_lettered', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        play(input, (run, step, latest, statusBefore) => {
          if (statusBefore !== 'dead_lettered') return;
          const broken =
            run.status !== 'dead_lettered' ||
            (step.kind === 'propose' &&
              (latest?.settled !== 'dead_lettered' ||
                latest.spent.turns !== 0 ||
                // The type says a dead letter has no calls; this checks the record says so too.
                (latest as { readonly calls?: unknown }).calls !== undefined)) ||
            (run.records().at(-1)?.dispatches?.length ?? 0) > 0;
          if (broken)
            expect({ status: run.status, latest }).toEqual({
              status: 'dead_lettered',
              latest: 'a dead letter spending nothing',
            });
        });
      }),
      RUNS,
    );
  });
});
