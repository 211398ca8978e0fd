import { describe, expect, it } from 'vitest';
import { createMemorySink } from '../../src/index.js';
import { aCall, ANSWER_TURN, aRun, callsTurn, SEARCH_TURN } from '../helpers/runBuilders.js';

const search = (query: string) => aCall('search', { query });
const ungrantedAndGranted = callsTurn(search('a'), aCall('web-search', { query: 'x' }, 2));
const deniedSecret = callsTurn(aCall('vault/use', { secret: 'DB_ROOT_PASSWORD' }));

describe('audit mode (enforce: false)', () => {
  it('lets a refused turn through with all its calls, carrying wouldRefuse and audit', () => {
    const { run } = aRun({ run: { enforce: false } });
    const record = run.propose(ungrantedAndGranted);
    expect(record).toMatchObject({
      settled: 'tool',
      wouldSettle: 'rejected',
      wouldRefuse: { check: 'proposal.granted', code: 'not_granted', callIndex: 1 },
      audit: true,
      spent: { turns: 1, toolCalls: 2 },
    });
    expect(record.calls?.map((call) => call.ref)).toEqual(['search@1', 'web-search@2']);
    expect(record).not.toHaveProperty('refusal');
    expect(record).not.toHaveProperty('reprompt');
    expect(run.enforce).toBe(false);
  });

  it('lets a refused dispatch through: allowed, with wouldRefuse, and records both', () => {
    const { run } = aRun({
      grant: { secrets: ['DB_*', '!DB_ROOT_PASSWORD'] },
      run: { enforce: false },
    });
    const record = run.propose(deniedSecret);
    expect(record).toMatchObject({ settled: 'tool', audit: true });
    expect(record).not.toHaveProperty('wouldRefuse');
    const verdict = run.dispatch(record.calls?.[0]);
    expect(verdict).toMatchObject({
      allowed: true,
      call: { ref: 'vault/use@1' },
      wouldRefuse: {
        check: 'dispatch.secret',
        code: 'secret_out_of_scope',
        details: [{ entry: '!DB_ROOT_PASSWORD' }],
      },
    });
    expect(run.records()[0]?.dispatches).toMatchObject([
      { allowed: true, audit: true, wouldRefuse: { code: 'secret_out_of_scope' } },
    ]);
    expect(run.summary().steps.default).toEqual({
      refusedTurns: 1,
      byCode: { secret_out_of_scope: 1 },
    });
  });

  it('settles a malformed turn rejected: there is nothing to let through', () => {
    const { run } = aRun({ run: { enforce: false } });
    const record = run.propose('{"calls": "not a list"}');
    expect(record).toMatchObject({
      settled: 'rejected',
      refusal: { code: 'malformed_proposal' },
      audit: true,
    });
    expect(record).not.toHaveProperty('wouldRefuse');
    expect(record.reprompt).toContain('malformed');
  });

  it('counts budgets but never enforces them: nothing dead-letters', () => {
    const { run } = aRun({ run: { enforce: false, budgets: { turns: 1, toolCalls: 1 } } });
    const first = run.propose(callsTurn(search('a'), search('b')));
    expect(first).toMatchObject({ settled: 'tool', wouldSettle: 'dead_lettered' });
    const second = run.propose(ANSWER_TURN);
    expect(second).toMatchObject({ settled: 'answer', wouldSettle: 'dead_lettered', audit: true });
    expect(run.status).toBe('answer');
    expect(run.summary()).toMatchObject({
      turns: 2,
      toolCalls: 2,
      settled: { answer: 1, tool: 1, rejected: 0, dead_lettered: 0 },
    });
  });

  it('lets a turn over callsPerTurn through, with too_many_calls as wouldRefuse', () => {
    const { run } = aRun({ run: { enforce: false, budgets: { callsPerTurn: 1 } } });
    const record = run.propose(callsTurn(search('a'), search('b')));
    expect(record).toMatchObject({
      settled: 'tool',
      wouldRefuse: { code: 'too_many_calls' },
      spent: { toolCalls: 2 },
    });
    expect(run.dispatch(record.calls?.[1])).toEqual({ allowed: true, call: record.calls?.[1] });
  });

  it('marks every record, answers and sink entries included', () => {
    const sink = createMemorySink();
    const { run } = aRun({ run: { enforce: false, sink } });
    const turn = run.propose(SEARCH_TURN);
    run.dispatch(turn.calls?.[0]);
    run.propose(ANSWER_TURN);
    expect(run.records().every((record) => record.audit === true)).toBe(true);
    const entries = sink.entries();
    expect(entries.map((entry) => entry.type)).toEqual(['turn', 'dispatch', 'turn']);
    for (const entry of entries) {
      const record =
        entry.type === 'turn'
          ? entry.record
          : entry.type === 'dispatch'
            ? entry.dispatch
            : entry.fire;
      expect(record.audit).toBe(true);
    }
  });

  it('redacts a secret value in the stored wouldRefuse as in a stored refusal', () => {
    const { run } = aRun({ run: { enforce: false } });
    run.propose(callsTurn(aCall('vault/use', { secret: 'ghp_not_granted' }), aCall('nope', {})));
    const stored = run.records()[0];
    expect(JSON.stringify(stored)).not.toContain('ghp_not_granted');
  });

  it('adds no audit fields when enforcing (the default)', () => {
    const { run } = aRun();
    expect(run.propose(SEARCH_TURN)).not.toHaveProperty('audit');
    expect(run.enforce).toBe(true);
  });

  it('refuses an enforce option that is not a boolean', () => {
    expect(() => aRun({ run: { enforce: 'no' as never } })).toThrow(
      'enforce no must be true or false',
    );
  });
});
