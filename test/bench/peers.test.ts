import { describe, expect, it } from 'vitest';
import {
  allowRequests,
  decisionEngines,
  denyRequests,
  expectedDecision,
  fillerRequests,
} from '../../bench/peers/decisionCase.js';
import { pipelineEngines, refusedTurns, uploadTurns } from '../../bench/peers/pipelineCase.js';

// Correctness of the benchmark's engines, not their speed: a peer that decided
// differently would make every ratio in BENCHMARKS.md meaningless.
describe('the decision-equivalent benchmark case', () => {
  it.each([10, 1000])(
    'has toolgate and every peer agree on every request, with %i entries',
    async (n) => {
      const requests = [...allowRequests(4), ...denyRequests(8), ...fillerRequests(n)];
      const expected = requests.map((request) => expectedDecision(n, request));
      expect(expected.filter(Boolean)).toHaveLength(4 + 3);
      for (const engine of await decisionEngines(n)) {
        const decide = engine.bind(requests);
        expect(
          requests.map((_, index) => decide(index)),
          engine.name,
        ).toEqual(expected);
      }
    },
  );
});

describe('the full-pipeline benchmark case', () => {
  it('has toolgate, the floor and every wrapped peer allow the upload and refuse every bad turn', async () => {
    for (const engine of await pipelineEngines()) {
      expect(uploadTurns(4).map(engine.decide), engine.name).toEqual([true, true, true, true]);
      expect(refusedTurns().map(engine.decide), engine.name).toEqual(
        refusedTurns().map(() => false),
      );
    }
  });
});
