import { describe, expect, it } from 'vitest';
import { contextRefusal, toRefusal } from '../../src/gate/toRefusal.js';
import { aGateSetup, aTurn } from './fixtures.js';

describe('toRefusal', () => {
  it('leaves out details when the facts carry an empty list', () => {
    const refusal = toRefusal('policy.x', { code: 'check_failed', check: 'policy.x', details: [] });
    expect(refusal).toStrictEqual({
      check: 'policy.x',
      code: 'check_failed',
      reason: 'the check policy.x failed, so the call is refused',
    });
  });

  it('ignores details the facts only inherit', () => {
    const facts = Object.assign(
      Object.create({ details: [{ pointer: '', message: 'inherited' }] }) as object,
      {
        code: 'check_refused' as const,
        reason: 'no',
      },
    );
    expect(toRefusal('policy.x', facts)).toStrictEqual({
      check: 'policy.x',
      code: 'check_refused',
      reason: 'no',
    });
  });

  it('keeps and freezes the details when there are some', () => {
    const detail = { pointer: '/path', message: 'outside' };
    const refusal = toRefusal(
      'policy.x',
      { code: 'check_failed', check: 'policy.x', details: [detail] },
      2,
      'fs-read@1',
    );
    expect(refusal).toStrictEqual({
      check: 'policy.x',
      code: 'check_failed',
      reason: 'the check policy.x failed, so the call is refused',
      callIndex: 2,
      ref: 'fs-read@1',
      details: [detail],
    });
    expect(Object.isFrozen(refusal.details?.[0])).toBe(true);
  });

  it('leaves out callIndex and ref when they are not given', () => {
    expect(Object.keys(toRefusal('policy.x', { code: 'check_refused', reason: 'no' }))).toEqual([
      'check',
      'code',
      'reason',
    ]);
    expect(Object.keys(contextRefusal({ pointer: '/grant', message: 'bad' }))).toEqual([
      'check',
      'code',
      'reason',
      'details',
    ]);
  });

  it('gives a dispatch refusal no callIndex key', () => {
    const { gate, context } = aGateSetup();
    const proposed = gate.checkTurn(aTurn('fs-read', { path: 'a' }), context);
    const call = proposed.settled === 'tool' ? proposed.calls[0] : undefined;
    const decision = gate.checkDispatch(call, { ...context, cwd: '/elsewhere' });
    expect(!decision.allowed && Object.keys(decision.refusal)).toEqual([
      'check',
      'code',
      'reason',
      'ref',
      'details',
    ]);
  });
});
