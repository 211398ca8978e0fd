import { describe, expect, it } from 'vitest';
import { createGrant } from '../../src/index.js';
import { readContext } from '../../src/gate/readContext.js';
import { aGateSetup, aTurn } from './fixtures.js';

const BAD_STEP = { pointer: '/step', message: 'a step is { name: string, tools: string[] }' };

describe('readContext: the step', () => {
  it.each([
    ['a name that is no string', { name: 5, tools: ['fs-read'] }],
    ['a tool that is no string', { name: 'reading', tools: ['fs-read', 1] }],
    ['no name', { tools: ['fs-read'] }],
    ['tools that are no list', { name: 'reading', tools: 'fs-read' }],
  ])('refuses every call, as check_failed by gate.context, for a step with %s', (_title, step) => {
    const { gate, context } = aGateSetup();
    const decision = gate.checkTurn(aTurn('fs-read', { path: 'a' }), { ...context, step } as never);
    expect(decision.settled === 'rejected' && decision.refusal).toEqual({
      check: 'gate.context',
      code: 'check_failed',
      reason: 'the check gate.context failed, so the call is refused',
      details: [BAD_STEP],
    });
  });

  it('refuses a step that is a class instance, even with its own name and tools', () => {
    class Step {
      readonly name = 'reading';
      readonly tools = ['fs-read'];
    }
    expect(readContext({ grant: createGrant({}), step: new Step() })).toEqual(BAD_STEP);
  });

  it('reads a well-formed step as given', () => {
    const step = { name: 'reading', tools: ['fs-read'] };
    const caller = readContext({ grant: createGrant({}), step });
    expect('message' in caller).toBe(false);
    expect(!('message' in caller) && caller.step).toBe(step);
  });

  it('names /step for a step whose name or tools are not strings', () => {
    const grant = createGrant({});
    expect(readContext({ grant, step: { name: 5, tools: [] } })).toEqual(BAD_STEP);
    expect(readContext({ grant, step: { name: 'reading', tools: [1] } })).toEqual(BAD_STEP);
  });
});
