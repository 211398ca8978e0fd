/**
 * Turns case: a 10-call turn against a 1-call turn through `authorize`, as a
 * decoded value and as JSON text. Per-turn cost: at most 10x.
 */
import { emit, timedOptions, verify } from '../lib/child.js';
import { measureTimed, type BenchCase } from '../lib/measure.js';
import { toolgatePipeline, uploadTurns } from '../peers/pipelineCase.js';

const VARIANTS = 64;
const CALLS = 10;
const single = uploadTurns(VARIANTS);
const calls = uploadTurns(VARIANTS * CALLS).map((turn) => turn.calls[0]);
const tenCalls = Array.from({ length: VARIANTS }, (_, i) => ({
  calls: calls.slice(i * CALLS, (i + 1) * CALLS),
}));
const { decide, authorizeText } = toolgatePipeline();
const authorizeValue = decide as (turn: unknown) => boolean;

const inputs = {
  '1-call turn, value': single,
  '10-call turn, value': tenCalls,
  '1-call turn, JSON text': single.map((turn) => JSON.stringify(turn)),
  '10-call turn, JSON text': tenCalls.map((turn) => JSON.stringify(turn)),
};
const cases: BenchCase[] = Object.entries(inputs).map(([name, turns]) => {
  const run = (turn: unknown) =>
    typeof turn === 'string' ? authorizeText(turn) : authorizeValue(turn);
  turns.forEach((turn, i) => {
    verify(`${name} ${i}`, run(turn), true);
  });
  return { name, operation: (i: number) => run(turns[i % turns.length]) };
});

emit({ group: 'turns', cases: measureTimed(cases, timedOptions()) });
