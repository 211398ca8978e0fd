import { describe, expect, it } from 'vitest';
import type { Refusal } from '../../src/gate/types.js';
import { markAudit } from '../../src/run/markAudit.js';
import type { TurnRecord } from '../../src/run/types.js';

const record: TurnRecord = Object.freeze({
  index: 0,
  settled: 'answer',
  answer: 'done',
  spent: { turns: 1, toolCalls: 0 },
});
const refusal: Refusal = Object.freeze({
  check: 'proposal.granted',
  code: 'not_granted',
  reason: 'the tool fs/write@1 is not granted',
});

describe('markAudit', () => {
  it('adds audit: true, and wouldSettle only where enforcing would have settled otherwise', () => {
    const same = markAudit({ live: record, stored: record }, undefined, 'answer');
    expect(Object.keys(same.live)).toEqual(['index', 'settled', 'answer', 'spent', 'audit']);
    expect(same.stored).toStrictEqual(same.live);
    const other = markAudit({ live: record, stored: record }, refusal, 'rejected');
    expect(Object.keys(other.live)).toEqual([
      'index',
      'settled',
      'answer',
      'spent',
      'wouldRefuse',
      'wouldSettle',
      'audit',
    ]);
    expect(other.live).toMatchObject({
      wouldRefuse: refusal,
      wouldSettle: 'rejected',
      audit: true,
    });
    expect(Object.isFrozen(other.stored)).toBe(true);
  });
});
