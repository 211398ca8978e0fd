import { describe, expect, it } from 'vitest';
import { catchToolgateError } from '../helpers/catchToolgateError.js';
import {
  ANSWER_TURN,
  SEARCH_TURN,
  UNGRANTED_TURN,
  aCall,
  aRun,
  callsTurn,
} from '../helpers/runBuilders.js';

const twoCalls = callsTurn(aCall('search', { query: 'a' }), aCall('search', { query: 'b' }));
const settled = (records: readonly { settled: string }[]) =>
  records.map((record) => record.settled);

describe('createRun: budgets', () => {
  describe('the turn budget', () => {
    it('lets every allowed turn settle normally, then dead-letters the turn past it', () => {
      const { run } = aRun({ grant: { budgets: { turns: 3 } } });
      run.propose(SEARCH_TURN);
      run.propose(UNGRANTED_TURN);
      run.propose(ANSWER_TURN);
      expect(settled(run.records())).toEqual(['tool', 'rejected', 'answer']);
      expect(run.propose(ANSWER_TURN)).toEqual({
        index: 3,
        settled: 'dead_lettered',
        spent: { turns: 0, toolCalls: 0 },
      });
      expect(run.summary().turns).toBe(3);
    });

    it('dead-letters a tool turn on the last allowed turn: no turn is left to use its results', () => {
      const { run } = aRun({ grant: { budgets: { turns: 2 } } });
      run.propose(SEARCH_TURN);
      const last = run.propose(SEARCH_TURN);
      expect(last).toEqual({
        index: 1,
        settled: 'dead_lettered',
        spent: { turns: 1, toolCalls: 0 },
      });
      expect(last.calls).toBeUndefined();
      expect(run.summary()).toMatchObject({ turns: 2, toolCalls: 1 });
    });

    it('settles an answer on the last allowed turn as answer', () => {
      const { run } = aRun({ grant: { budgets: { turns: 1 } } });
      expect(run.propose(ANSWER_TURN).settled).toBe('answer');
      expect(run.status).toBe('answer');
    });

    it('dead-letters the turn asked for after an answer spent the last turn', () => {
      const { run } = aRun({ grant: { budgets: { turns: 1 } } });
      run.propose(ANSWER_TURN);
      expect(run.propose(ANSWER_TURN).settled).toBe('dead_lettered');
      expect(run.status).toBe('dead_lettered');
    });

    it('with a budget of zero, dead-letters the first turn, even an answer, spending nothing', () => {
      const { run } = aRun({ grant: { budgets: { turns: 0 } } });
      expect(run.status).toBe('pending');
      expect(run.propose(ANSWER_TURN)).toEqual({
        index: 0,
        settled: 'dead_lettered',
        spent: { turns: 0, toolCalls: 0 },
      });
      expect(run.status).toBe('dead_lettered');
      expect(run.summary()).toMatchObject({ turns: 0, toolCalls: 0 });
    });
  });

  describe('the tool-call budget', () => {
    it('spends one tool call per call of a tool turn', () => {
      const { run } = aRun({ grant: { budgets: { toolCalls: 3 } } });
      expect(run.propose(twoCalls).spent).toEqual({ turns: 1, toolCalls: 2 });
      expect(run.propose(SEARCH_TURN).spent).toEqual({ turns: 1, toolCalls: 1 });
      expect(run.summary().toolCalls).toBe(3);
    });

    it('allows a turn whose calls use exactly what is left', () => {
      const { run } = aRun({ grant: { budgets: { toolCalls: 2 } } });
      expect(run.propose(twoCalls).settled).toBe('tool');
    });

    it('dead-letters a turn with calls beyond what is left, spending its turn but no tool call', () => {
      const { run } = aRun({ grant: { budgets: { toolCalls: 1 } } });
      expect(run.propose(twoCalls)).toEqual({
        index: 0,
        settled: 'dead_lettered',
        spent: { turns: 1, toolCalls: 0 },
      });
      expect(run.summary().toolCalls).toBe(0);
      expect(run.propose(ANSWER_TURN).settled).toBe('dead_lettered');
    });

    it('with a budget of zero, allows answers and rejected turns but dead-letters any tool turn', () => {
      const { run } = aRun({ grant: { budgets: { toolCalls: 0 } } });
      expect(run.propose(ANSWER_TURN).settled).toBe('answer');
      expect(run.propose(UNGRANTED_TURN).settled).toBe('rejected');
      expect(run.propose(SEARCH_TURN).settled).toBe('dead_lettered');
    });

    it('does not spend tool calls on a rejected turn, however many calls it proposed', () => {
      const { run } = aRun({ grant: { budgets: { toolCalls: 1 } } });
      run.propose(
        callsTurn(
          aCall('search', { query: 'a' }),
          aCall('nope', {}),
          aCall('search', { query: 'c' }),
        ),
      );
      expect(run.propose(SEARCH_TURN).settled).toBe('tool');
    });
  });

  describe('both budgets', () => {
    it('dead-letters on whichever runs out first', () => {
      const turnsFirst = aRun({ grant: { budgets: { turns: 2, toolCalls: 10 } } }).run;
      turnsFirst.propose(SEARCH_TURN);
      expect(turnsFirst.propose(SEARCH_TURN).settled).toBe('dead_lettered');

      const callsFirst = aRun({ grant: { budgets: { turns: 10, toolCalls: 2 } } }).run;
      callsFirst.propose(twoCalls);
      expect(callsFirst.propose(SEARCH_TURN).settled).toBe('dead_lettered');
    });
  });

  describe('where the budgets come from', () => {
    it("uses the grant's budgets when createRun gives none", () => {
      expect(aRun({ grant: { budgets: { turns: 4, toolCalls: 9 } } }).run.budgets).toEqual({
        turns: 4,
        toolCalls: 9,
      });
    });

    it("lets createRun's budgets override the grant's, key by key", () => {
      const { run } = aRun({
        grant: { budgets: { turns: 1, toolCalls: 5 } },
        run: { budgets: { turns: 3 } },
      });
      expect(run.budgets).toEqual({ turns: 3, toolCalls: 5 });
      // Under the grant's turns: 1 this tool turn would be dead-lettered.
      expect(run.propose(SEARCH_TURN).settled).toBe('tool');
    });

    it("lets createRun raise a budget above the grant's or lower it to zero", () => {
      expect(
        aRun({ grant: { budgets: { toolCalls: 1 } }, run: { budgets: { toolCalls: 50 } } }).run
          .budgets,
      ).toEqual({ toolCalls: 50 });
      const { run } = aRun({ grant: { budgets: { turns: 9 } }, run: { budgets: { turns: 0 } } });
      expect(run.propose(ANSWER_TURN).settled).toBe('dead_lettered');
    });

    it('is unlimited with no budget anywhere', () => {
      const { run } = aRun();
      expect(run.budgets).toEqual({});
      for (let turn = 0; turn < 200; turn++) run.propose(twoCalls);
      expect(run.status).toBe('pending');
      expect(run.summary()).toMatchObject({ turns: 200, toolCalls: 400 });
    });

    it('refuses malformed budgets at createRun, listing every problem', () => {
      const error = catchToolgateError(
        () => aRun({ run: { budgets: { turns: -1, toolCalls: 1.5, steps: 3 } as never } }),
        'invalid_option',
      );
      expect(error.problems).toEqual([
        'budgets.turns -1 must be a whole number of 0 or more',
        'budgets.toolCalls 1.5 must be a whole number of 0 or more',
        'budgets has unknown key "steps"; the keys are turns, toolCalls, callsPerTurn',
      ]);
    });
  });
});
