import { describe, expect, it } from 'vitest';
import { createMemorySink, type RunEntry } from '../../src/index.js';
import { refuseDispatch } from '../../src/run/refuseDispatch.js';

describe('createMemorySink', () => {
  it('keeps every entry in order and hands out frozen snapshots', () => {
    const sink = createMemorySink();
    const first: RunEntry = {
      type: 'turn',
      record: { index: 0, settled: 'answer', answer: 'a', spent: { turns: 1, toolCalls: 0 } },
    };
    sink.write(first);
    const snapshot = sink.entries();
    sink.write({
      type: 'turn',
      record: { index: 1, settled: 'dead_lettered', spent: { turns: 0, toolCalls: 0 } },
    });
    expect(snapshot).toEqual([first]);
    expect(Object.isFrozen(snapshot)).toBe(true);
    expect(sink.entries().map((entry) => entry.type === 'turn' && entry.record.index)).toEqual([
      0, 1,
    ]);
  });
});

describe('refuseDispatch', () => {
  it("refuses with the run guard's check id, code check_refused and its own reason", () => {
    expect(refuseDispatch('why')).toEqual({
      allowed: false,
      refusal: { check: 'run.dispatch', code: 'check_refused', reason: 'why' },
    });
  });
});
