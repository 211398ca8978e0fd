import { describe, expect, it } from 'vitest';
import { summarizeRecords, type TurnRecord } from '../../src/index.js';

const refusal = (code: 'not_granted' | 'folder_out_of_scope') => ({
  check: 'c',
  code,
  reason: 'r',
});
const spent = (turns: number, toolCalls: number) => ({ turns, toolCalls });

describe('summarizeRecords', () => {
  it('counts spent turns and calls, settlements, and refused turns per step by code', () => {
    const records: TurnRecord[] = [
      {
        index: 0,
        step: 'a',
        settled: 'rejected',
        refusal: refusal('not_granted'),
        reprompt: 'r',
        spent: spent(1, 0),
      },
      {
        index: 1,
        step: 'a',
        settled: 'tool',
        calls: [],
        tools: [],
        dispatches: [
          { callIndex: 0, ref: 'x@1', allowed: true },
          { callIndex: 1, ref: 'x@1', allowed: false, refusal: refusal('folder_out_of_scope') },
          { callIndex: 2, ref: 'x@1', allowed: false, refusal: refusal('not_granted') },
        ],
        spent: spent(1, 3),
      },
      { index: 2, settled: 'answer', answer: 'ok', spent: spent(1, 0) },
      { index: 3, settled: 'dead_lettered', spent: spent(1, 0) },
      { index: 4, settled: 'dead_lettered', spent: spent(0, 0) },
    ];
    expect(summarizeRecords(records, ['a', 'b'])).toEqual({
      turns: 4,
      toolCalls: 3,
      settled: { answer: 1, tool: 1, rejected: 1, dead_lettered: 2 },
      steps: {
        a: { refusedTurns: 2, byCode: { not_granted: 1, folder_out_of_scope: 1 } },
        b: { refusedTurns: 0, byCode: {} },
        default: { refusedTurns: 0, byCode: {} },
      },
    });
  });

  it('lists default only once a turn had no step', () => {
    expect(summarizeRecords([], ['a']).steps).toEqual({ a: { refusedTurns: 0, byCode: {} } });
  });

  it('keeps a step named __proto__ as an own key', () => {
    const summary = summarizeRecords([
      {
        index: 0,
        step: '__proto__',
        settled: 'rejected',
        refusal: refusal('not_granted'),
        reprompt: 'r',
        spent: spent(1, 0),
      },
    ]);
    expect(Object.keys(summary.steps)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(summary.steps)).toBe(Object.prototype);
  });
});
