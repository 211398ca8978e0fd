/**
 * Full-pipeline case: one upload call (schema + URL host + path + secret)
 * through both stages, toolgate against the hand-written floor and each
 * wrapped peer; and issue 2's figure, toolgate against the raw sum of its
 * parts, for decoded values and for JSON text.
 */
import { emit, timedOptions, verify } from '../lib/child.js';
import { measureTimed, type BenchCase } from '../lib/measure.js';
import {
  minimalPipeline,
  pipelineEngines,
  rawSumOfParts,
  refusedTurns,
  toolgatePipeline,
  uploadTurns,
  type UploadTurn,
} from '../peers/pipelineCase.js';

const VARIANTS = 64;
const turns = uploadTurns(VARIANTS);
const texts = turns.map((turn) => JSON.stringify(turn));
const at = <T>(items: readonly T[], i: number): T => items[i % items.length] as T;

// One toolgate and one floor for value and text turns alike.
const toolgate = toolgatePipeline();
const floor = minimalPipeline();
const cases: BenchCase[] = [];
for (const engine of await pipelineEngines(toolgate, floor)) {
  turns.forEach((turn, i) => {
    verify(`${engine.name}, turn ${i}`, engine.decide(turn), true);
  });
  refusedTurns().forEach((turn, i) => {
    verify(`${engine.name}, refused turn ${i}`, engine.decide(turn), false);
  });
  cases.push({ name: engine.name, operation: (i) => engine.decide(at(turns, i)) });
}

// The two stages called one after the other, as a runtime that dispatches later calls them.
turns.forEach((turn, i) => {
  verify(`toolgate checkTurn + checkDispatch, turn ${i}`, toolgate.stages(turn), true);
});
refusedTurns().forEach((turn, i) => {
  verify(`toolgate checkTurn + checkDispatch, refused turn ${i}`, toolgate.stages(turn), false);
});
cases.push({
  name: 'toolgate checkTurn + checkDispatch',
  operation: (i) => toolgate.stages(at(turns, i)),
});

// The same call as JSON text: toolgate decodes it itself; the floor calls JSON.parse first.
const parse = (text: string) => JSON.parse(text) as UploadTurn;
// Issue 2's figure: the raw parts by hand, as bench/pipeline.ts measured them.
const raw = rawSumOfParts();
texts.forEach((text, i) => {
  verify(`toolgate authorize, JSON text ${i}`, toolgate.authorizeText(text), true);
  verify(`toolgate checkTurn + checkDispatch, JSON text ${i}`, toolgate.stages(text), true);
  verify(`floor + JSON.parse, text ${i}`, floor.decide(parse(text)), true);
  verify(`raw sum of parts, text ${i}`, raw(parse(text).calls[0].arguments), true);
});
refusedTurns().forEach((turn, i) => {
  verify(
    `toolgate authorize, refused JSON text ${i}`,
    toolgate.authorizeText(JSON.stringify(turn)),
    false,
  );
});
cases.push(
  {
    name: 'toolgate authorize, JSON text turn',
    operation: (i) => toolgate.authorizeText(at(texts, i)),
  },
  {
    name: 'toolgate checkTurn + checkDispatch, JSON text turn',
    operation: (i) => toolgate.stages(at(texts, i)),
  },
  {
    name: 'hand-written minimal pipeline + JSON.parse',
    operation: (i) => floor.decide(parse(at(texts, i))),
  },
  {
    name: 'issue 2: raw sum of parts, value',
    operation: (i) => raw(at(turns, i).calls[0].arguments),
  },
  {
    name: 'issue 2: raw sum of parts + JSON.parse, text',
    operation: (i) => raw(parse(at(texts, i)).calls[0].arguments),
  },
);

emit({ group: 'pipeline', cases: measureTimed(cases, timedOptions()) });
