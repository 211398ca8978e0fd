import type { RefusalCode } from '../gate/types.js';
import type { RunSummary, StepSummary, TurnRecord } from './types.js';

/** The summary key of turns proposed without a step. */
export const DEFAULT_STEP = 'default';

/**
 * Counts what turn records say (SPEC §8): turns and tool calls spent, turns
 * by settlement, and per step the refused turns by code. A turn counts as
 * refused when it was rejected or a call of it was refused at dispatch (in
 * audit mode: would have been, by its `wouldRefuse`);
 * `byCode` counts each refused turn once, under the code of its first
 * refusal, so its counts add up to `refusedTurns`. Every step in `steps`
 * is listed, and `default` once a turn had no step. `labels` counts, per
 * label, the dispatches whose record says they touched it (present once one did).
 *
 * // [answer, rejected(not_granted) in step a] with steps [a, b]
 * // => { turns: 2, toolCalls: 0, settled: { answer: 1, tool: 0, rejected: 1, dead_lettered: 0 },
 * //      steps: { a: { refusedTurns: 1, byCode: { not_granted: 1 } }, b: { refusedTurns: 0, byCode: {} }, default: … } }
 */
export function summarizeRecords(
  records: readonly TurnRecord[],
  steps: readonly string[] = [],
): RunSummary {
  let turns = 0;
  let toolCalls = 0;
  const settled = { answer: 0, tool: 0, rejected: 0, dead_lettered: 0 };
  const byStep = new Map<string, { refusedTurns: number; byCode: Map<RefusalCode, number> }>();
  const stepOf = (name: string) => {
    let step = byStep.get(name);
    if (step === undefined) byStep.set(name, (step = { refusedTurns: 0, byCode: new Map() }));
    return step;
  };
  for (const name of steps) stepOf(name);
  const labels = new Map<string, number>();
  for (const record of records) {
    for (const dispatch of record.dispatches ?? [])
      for (const label of dispatch.touched ?? []) labels.set(label, (labels.get(label) ?? 0) + 1);
    turns += record.spent.turns;
    toolCalls += record.spent.toolCalls;
    settled[record.settled]++;
    const step = stepOf(record.step ?? DEFAULT_STEP);
    // Audit mode: a would-be refusal counts as a refusal (SPEC §13).
    const refusal =
      record.refusal ??
      record.wouldRefuse ??
      record.dispatches
        ?.map((dispatch) => dispatch.refusal ?? dispatch.wouldRefuse)
        .find((found) => found !== undefined);
    if (refusal === undefined) continue;
    step.refusedTurns++;
    step.byCode.set(refusal.code, (step.byCode.get(refusal.code) ?? 0) + 1);
  }
  // Object.fromEntries defines own properties, so a step named "__proto__" stays a step.
  const summaries = Object.fromEntries(
    [...byStep].map(([name, step]): [string, StepSummary] => [
      name,
      Object.freeze({
        refusedTurns: step.refusedTurns,
        byCode: Object.freeze(Object.fromEntries(step.byCode)),
      }),
    ]),
  );
  return Object.freeze({
    turns,
    toolCalls,
    settled: Object.freeze(settled),
    steps: Object.freeze(summaries),
    ...(labels.size === 0 ? {} : { labels: Object.freeze(Object.fromEntries(labels)) }),
  });
}
