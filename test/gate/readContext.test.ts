import { describe, expect, it } from 'vitest';
import { createGrant, type TouchedLabel } from '../../src/index.js';
import { readContext } from '../../src/gate/readContext.js';
import { TOOL_READINGS } from '../../src/gate/toolReadings.js';
import { USED_APPROVALS } from '../../src/gate/usedApprovals.js';
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

describe('readContext: every other malformed part, named exactly', () => {
  const grant = createGrant({});
  const touched = (item: unknown) => ({ grant, touched: [item] });
  const BAD_TOUCHED = {
    pointer: '/touched',
    message:
      'touched must be a list of { label, ref, value, turn?, callIndex? }, as a run passes it',
  };
  const TOUCH = { label: 'private', ref: 'mail/read@1', value: '/home/me/mail/1.eml' };
  it.each([
    [
      'a context that is no object',
      'grant',
      { pointer: '', message: 'the context must be an object { grant, step?, cwd?, visible? }' },
    ],
    [
      'a grant createGrant did not make',
      { grant: {} },
      {
        pointer: '/grant',
        message: 'the grant was not made by createGrant; pass createGrant(spec)',
      },
    ],
    [
      'a cwd that is no string',
      { grant, cwd: 5 },
      { pointer: '/cwd', message: 'cwd must be an absolute path string' },
    ],
    [
      'a visible that is neither a Set nor a list',
      { grant, visible: { 'fs-read': true } },
      { pointer: '/visible', message: 'visible must be a Set or list of tool names' },
    ],
    [
      'a visible list holding a number',
      { grant, visible: ['fs-read', 1] },
      { pointer: '/visible', message: 'visible must be a Set or list of tool names' },
    ],
    [
      "a run's used approvals without a has function",
      { grant, [USED_APPROVALS]: { has: true } },
      { pointer: '', message: "the run's used approvals cannot be read" },
    ],
    [
      "a run's used approvals that are a string",
      { grant, [USED_APPROVALS]: 'used' },
      { pointer: '', message: "the run's used approvals cannot be read" },
    ],
    [
      "a run's used approvals that are null",
      { grant, [USED_APPROVALS]: null },
      { pointer: '', message: "the run's used approvals cannot be read" },
    ],
    [
      "tools' readings that are no list",
      { grant, [TOOL_READINGS]: 'read' },
      { pointer: '', message: "the tools' readings of the arguments cannot be read" },
    ],
    ['touched that is no list', { grant, touched: TOUCH }, BAD_TOUCHED],
    [
      'a touched entry that is a class instance, even with its own fields',
      touched(
        new (class {
          readonly label = 'private';
          readonly ref = 'mail/read@1';
          readonly value = '/home/me/mail/1.eml';
        })(),
      ),
      BAD_TOUCHED,
    ],
    ['a touched entry that is no object', touched('private'), BAD_TOUCHED],
    ['a touched entry without a label', touched({ ...TOUCH, label: undefined }), BAD_TOUCHED],
    ['a touched entry without a ref', touched({ ...TOUCH, ref: 1 }), BAD_TOUCHED],
    ['a touched entry without a value', touched({ label: 'private', ref: 'r@1' }), BAD_TOUCHED],
    ['a touched entry with a fractional turn', touched({ ...TOUCH, turn: 1.5 }), BAD_TOUCHED],
    [
      'a touched entry with a string call index',
      touched({ ...TOUCH, callIndex: '0' }),
      BAD_TOUCHED,
    ],
  ])('refuses %s', (_title, context, detail) => {
    expect(readContext(context)).toEqual(detail);
  });

  it('copies touched entries as given, with no turn or call index keys when they have none', () => {
    const read = readContext({ grant, touched: [TOUCH, { ...TOUCH, label: 'b', turn: 2 }] });
    if (!('compiledGrant' in read)) throw new Error('expected a context');
    const entries: readonly TouchedLabel[] = read.touched ?? [];
    expect(entries.map((entry) => Object.keys(entry))).toEqual([
      ['label', 'ref', 'value'],
      ['label', 'ref', 'value', 'turn'],
    ]);
    expect(read.touched).toEqual([TOUCH, { ...TOUCH, label: 'b', turn: 2 }]);
    expect(readContext({ grant, touched: [] })).toMatchObject({ touched: [] });
  });
});
