import { describe, expect, it } from 'vitest';
import type { Refusal } from '../../src/gate/types.js';
import type { DispatchRecord, RecordedTool, TurnRecord } from '../../src/run/types.js';
import { toRecordRow } from '../../src/stores/toRecordRow.js';

const AT = '2026-12-05T06:00:00.000Z';
/** A refusal that quotes a value found in the arguments (which may be a secret itself). */
const quoting: Refusal = Object.freeze({
  check: 'dispatch.secret',
  code: 'secret_out_of_scope',
  reason: 'the secret ghp_123 is outside the granted secret scope',
  ref: 'vault/use@1',
  details: Object.freeze([
    Object.freeze({ pointer: '/token', message: 'no granted secret entry covers it' }),
  ]),
});
const tool: RecordedTool = Object.freeze({
  ref: 'vault/use@1',
  digest: 'sha256:abc',
  entry: Object.freeze({ name: 'vault/use', version: 1 }) as unknown as RecordedTool['entry'],
});

describe('toRecordRow', () => {
  it("writes a dispatch row's record as the dispatch, with the tool entry after it when the entry carries one", () => {
    const dispatch: DispatchRecord = Object.freeze({
      callIndex: 0,
      ref: 'vault/use@1',
      allowed: true,
    });
    const alone = toRecordRow({ type: 'dispatch', run: 'r1', turn: 2, dispatch }, AT);
    expect(alone.record).toBe(JSON.stringify(dispatch));
    expect(alone).toMatchObject({ run: 'r1', type: 'dispatch', turn: 2, call: 0, allowed: true });
    const withTool = toRecordRow({ type: 'dispatch', turn: 2, dispatch, tool }, AT);
    expect(withTool.record).toBe(JSON.stringify({ ...dispatch, tool }));
    expect(Object.keys(JSON.parse(withTool.record) as object)).toEqual([
      'callIndex',
      'ref',
      'allowed',
      'tool',
    ]);
    expect(withTool.run).toBeNull();
  });

  it('redacts a value a rejected turn or a refused dispatch quotes, and keeps the rest of the record', () => {
    const rejected: TurnRecord = Object.freeze({
      index: 1,
      settled: 'rejected',
      refusal: quoting,
      reprompt: 'the secret ghp_123 is outside the granted secret scope',
      spent: { turns: 1, toolCalls: 0 },
    });
    const row = toRecordRow({ type: 'turn', turn: 1, record: rejected } as never, AT);
    expect(row.record).not.toContain('ghp_123');
    const stored = JSON.parse(row.record) as TurnRecord & { refusal: Refusal; reprompt: string };
    expect(Object.keys(stored)).toEqual(['index', 'settled', 'refusal', 'reprompt', 'spent']);
    expect(stored.refusal.reason).toBe('the secret [redacted] is outside the granted secret scope');
    expect(stored.reprompt).toContain('[redacted]');
    expect(row).toMatchObject({
      settled: 'rejected',
      code: 'secret_out_of_scope',
      ref: 'vault/use@1',
    });

    const dispatched: TurnRecord = Object.freeze({
      index: 3,
      calls: Object.freeze([]),
      settled: 'tool',
      tools: Object.freeze([]),
      dispatches: Object.freeze([
        Object.freeze({ callIndex: 0, ref: 'vault/use@1', allowed: true }),
        Object.freeze({ callIndex: 1, ref: 'vault/use@1', allowed: false, refusal: quoting }),
      ]),
      spent: { turns: 1, toolCalls: 2 },
    });
    const turnRow = toRecordRow({ type: 'turn', turn: 3, record: dispatched } as never, AT);
    expect(turnRow.record).not.toContain('ghp_123');
    const kept = JSON.parse(turnRow.record) as { dispatches: DispatchRecord[] };
    expect(kept.dispatches[0]).toEqual({ callIndex: 0, ref: 'vault/use@1', allowed: true });
    expect(kept.dispatches[1]?.refusal?.reason).toBe(
      'the secret [redacted] is outside the granted secret scope',
    );
  });
});
