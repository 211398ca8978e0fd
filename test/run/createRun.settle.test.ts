import { describe, expect, it } from 'vitest';
import {
  ANSWER_TURN,
  SEARCH_TURN,
  UNGRANTED_TURN,
  aCall,
  aRun,
  callsTurn,
} from '../helpers/runBuilders.js';

describe('createRun: how each turn settles', () => {
  it('is pending before any turn, and no record shows pending', () => {
    const { run } = aRun();
    expect(run.status).toBe('pending');
    expect(run.records()).toEqual([]);
    run.propose(SEARCH_TURN);
    run.propose(UNGRANTED_TURN);
    expect(run.records().map((record) => record.settled)).toEqual(['tool', 'rejected']);
  });

  it('settles an answer as answer, keeping the answer text, and the run status becomes answer', () => {
    const { run } = aRun();
    expect(run.propose(ANSWER_TURN)).toEqual({
      index: 0,
      settled: 'answer',
      answer: 'done',
      spent: { turns: 1, toolCalls: 0 },
    });
    expect(run.status).toBe('answer');
  });

  it('settles a turn of good calls as tool, with the calls as authorized and the entries they used', () => {
    const { run, gate, grant } = aRun();
    const record = run.propose(
      callsTurn(aCall('search', { query: 'a' }), aCall('files/read', { path: '/srv/x' })),
    );
    expect(record.settled).toBe('tool');
    expect(record.index).toBe(0);
    expect(record.spent).toEqual({ turns: 1, toolCalls: 2 });
    expect(record.calls?.map((call) => [call.ref, call.shape, call.arguments])).toEqual([
      ['search@1', 'call', { query: 'a' }],
      ['files/read@1', 'read', { path: '/srv/x' }],
    ]);
    expect(record.tools?.map((tool) => tool.ref)).toEqual(['search@1', 'files/read@1']);
    expect(record.dispatches).toEqual([]);
    expect(record.refusal).toBeUndefined();
    expect(run.status).toBe('pending');
    // The calls are the gate's own: its dispatch stage takes them as they are.
    const call = record.calls?.[0];
    expect(call && gate.checkDispatch(call, { grant }).allowed).toBe(true);
  });

  it('settles a rejected turn with its refusal and a reprompt stating the reason', () => {
    const { run } = aRun();
    const record = run.propose(UNGRANTED_TURN);
    expect(record).toEqual({
      index: 0,
      settled: 'rejected',
      refusal: {
        check: 'proposal.granted',
        code: 'not_granted',
        reason:
          'the proposed tool web-search@2 is not granted to this run or is no longer registered',
        callIndex: 0,
        ref: 'web-search@2',
      },
      reprompt: [
        'Your last turn was refused, so none of its calls ran.',
        'Reason: the proposed tool web-search@2 is not granted to this run or is no longer registered',
        'Refused call: 1 of the turn (web-search@2)',
        'Fix the turn and try again, or answer without calling a tool.',
      ].join('\n'),
      spent: { turns: 1, toolCalls: 0 },
    });
    expect(run.status).toBe('pending');
  });

  it('rejects the whole turn when one call is bad: none of its calls is authorized', () => {
    const { run } = aRun();
    const record = run.propose(
      callsTurn(aCall('search', { query: 'a' }), aCall('search', { query: 1 })),
    );
    expect(record.settled).toBe('rejected');
    expect(record.refusal?.code).toBe('bad_arguments');
    expect(record.refusal?.callIndex).toBe(1);
    expect(record.calls).toBeUndefined();
    expect(record.spent).toEqual({ turns: 1, toolCalls: 0 });
  });

  it('settles a malformed turn as rejected, never as an exception', () => {
    const { run } = aRun();
    const record = run.propose('{"calls": [');
    expect(record.settled).toBe('rejected');
    expect(record.refusal?.code).toBe('malformed_proposal');
  });

  it('dead-letters a rejected turn on the last allowed turn, showing no reason', () => {
    const { run } = aRun({ grant: { budgets: { turns: 1 } } });
    expect(run.propose(UNGRANTED_TURN)).toEqual({
      index: 0,
      settled: 'dead_lettered',
      spent: { turns: 1, toolCalls: 0 },
    });
    expect(run.status).toBe('dead_lettered');
  });

  it('settles every later turn dead_lettered, unchecked and spending nothing, even an answer', () => {
    const { run } = aRun({ grant: { budgets: { turns: 1 } } });
    run.propose(UNGRANTED_TURN);
    for (const turn of [ANSWER_TURN, SEARCH_TURN, 'not even JSON']) {
      const record = run.propose(turn);
      expect(record.settled).toBe('dead_lettered');
      expect(record.spent).toEqual({ turns: 0, toolCalls: 0 });
      expect(record.refusal).toBeUndefined();
      expect(run.status).toBe('dead_lettered');
    }
    expect(run.records().map((record) => record.index)).toEqual([0, 1, 2, 3]);
    expect(run.summary().turns).toBe(1);
  });

  it('takes more turns after an answer, such as the next step', () => {
    const { run } = aRun();
    run.propose(ANSWER_TURN);
    expect(run.propose(SEARCH_TURN).settled).toBe('tool');
    expect(run.status).toBe('pending');
  });

  it("refuses a tool hidden by the run's visible list at proposal, as hidden_tool", () => {
    const { run } = aRun({ run: { visible: ['files/*'] } });
    const record = run.propose(SEARCH_TURN);
    expect(record.refusal).toMatchObject({
      check: 'proposal.visible',
      code: 'hidden_tool',
      reason: 'the tool search is hidden from this agent',
    });
    expect(run.propose(callsTurn(aCall('files/read', { path: '/srv/a' }))).settled).toBe('tool');
  });

  it('records the step name given to propose', () => {
    const { run } = aRun({ run: { steps: [{ name: 'research', tools: ['search'] }] } });
    expect(run.propose(SEARCH_TURN, { step: 'research' }).step).toBe('research');
    expect(run.propose(ANSWER_TURN).step).toBeUndefined();
  });
});
