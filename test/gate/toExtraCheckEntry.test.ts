import { describe, expect, it } from 'vitest';
import {
  createGate,
  createGrant,
  ToolgateError,
  type ExtraCheck,
  type ExtraCheckContext,
} from '../../src/index.js';
import { compiledGrantOf } from '../../src/grant/compiledGrant.js';
import type { CheckContext } from '../../src/gate/Check.js';
import type { ProposedCall } from '../../src/gate/decodeTurn.js';
import { toExtraCheckEntry } from '../../src/gate/toExtraCheckEntry.js';
import { aGateRegistry, aGateSetup, aTurn } from './fixtures.js';

const NEITHER = 'the check returned neither { ok: true } nor { ok: false, reason }';

/** Runs one fs-read call through authorize with a single extra check and returns the decision. */
function decideWith(check: ExtraCheck['check']) {
  const { gate, context } = aGateSetup(undefined, undefined, {
    checks: [{ id: 'policy.odd', check }],
  });
  return gate.authorize(aTurn('fs-read', { path: 'a' }), context);
}

describe('toExtraCheckEntry: what an extra check receives', () => {
  it('hands it exactly the grant, the entry, and the step, cwd and visible of the context', () => {
    const seen: ExtraCheckContext[] = [];
    const spy: ExtraCheck = {
      id: 'spy',
      check: (_call, ctx) => {
        seen.push(ctx);
        return { ok: true };
      },
    };
    const step = { name: 'reading', tools: ['fs-read'] };
    const visible = new Set(['fs-read']);
    const { gate, context, registry } = aGateSetup(undefined, { step, visible }, { checks: [spy] });
    expect(gate.authorize(aTurn('fs-read', { path: 'a' }), context).settled).toBe('tool');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toStrictEqual({
      grant: context.grant,
      entry: registry.resolve('fs-read@1'),
      step,
      cwd: '/srv/project',
      visible,
    });
    expect(seen[0]?.step).toBe(step);
    expect(seen[0]?.visible).toBe(visible);
  });

  it('leaves out step, cwd and visible when the context has none of them', () => {
    const seen: ExtraCheckContext[] = [];
    const spy: ExtraCheck = {
      id: 'spy',
      check: (_call, ctx) => {
        seen.push(ctx);
        return { ok: true };
      },
    };
    const { gate, context } = aGateSetup(undefined, undefined, { checks: [spy] });
    const decision = gate.authorize(aTurn('fs-read', { path: '/srv/project/a' }), {
      grant: context.grant,
    });
    expect(decision.settled).toBe('tool');
    expect(seen.map((ctx) => Object.keys(ctx))).toEqual([['grant', 'entry']]);
  });

  it('refuses not_granted without running the check when the call has no registry entry', () => {
    let ran = false;
    const entry = toExtraCheckEntry(
      {
        id: 'spy',
        check: () => {
          ran = true;
          return { ok: true };
        },
      },
      0,
    );
    const grant = createGrant({ tools: ['fs-read@1'] });
    const call: ProposedCall = {
      tool: 'gone/tool',
      version: 1,
      ref: 'gone/tool@1',
      shape: 'call',
      arguments: {},
    };
    const ctx = {
      grant,
      compiledGrant: compiledGrantOf(grant),
      tool: undefined,
      step: undefined,
      cwd: undefined,
      visible: undefined,
      realpath: undefined,
    } as CheckContext;
    expect(entry.check(call, ctx)).toEqual({ code: 'not_granted', ref: 'gone/tool@1' });
    expect(ran).toBe(false);
  });
});

describe('toExtraCheckEntry: reading the verdict', () => {
  it('allows the call on { ok: true }', () => {
    expect(decideWith(() => ({ ok: true })).settled).toBe('tool');
  });

  it('refuses check_refused with the reason on { ok: false, reason }', () => {
    const decision = decideWith(() => ({ ok: false, reason: 'not on Mondays' }));
    expect(decision.settled === 'rejected' && decision.refusal).toEqual({
      check: 'policy.odd',
      code: 'check_refused',
      reason: 'not on Mondays',
      callIndex: 0,
      ref: 'fs-read@1',
    });
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['true', true],
    ['{ ok: "yes" }', { ok: 'yes' }],
    ['{ ok: false } without a reason', { ok: false }],
    ['{ ok: false } with an empty reason', { ok: false, reason: '' }],
    ['{ ok: false } with a reason that is no string', { ok: false, reason: 5 }],
    ['a reason without ok: false', { reason: 'no' }],
    ['{ ok: "false", reason }', { ok: 'false', reason: 'no' }],
  ])('refuses check_failed, naming the check, when it returns %s', (_title, verdict) => {
    const decision = decideWith((() => verdict) as ExtraCheck['check']);
    expect(decision.settled === 'rejected' && decision.refusal).toEqual({
      check: 'policy.odd',
      code: 'check_failed',
      reason: 'the check policy.odd failed, so the call is refused',
      callIndex: 0,
      ref: 'fs-read@1',
      details: [{ pointer: '', message: NEITHER }],
    });
  });
});

describe('toExtraCheckEntry: bad extra checks', () => {
  class PolicyCheck {
    readonly id = 'policy.class';
    readonly check = () => ({ ok: true }) as const;
  }

  it.each([
    ['null', null],
    ['a class instance', new PolicyCheck()],
    ['an id that is no string', { id: 5, check: () => ({ ok: true }) }],
    ['no id', { check: () => ({ ok: true }) }],
  ])('throws invalid_option for %s', (_title, extra) => {
    expect(() => createGate({ registry: aGateRegistry(), checks: [extra as never] })).toThrow(
      new ToolgateError(
        'invalid_option',
        'checks[0] must be { id: string, check: (call, ctx) => verdict }',
      ),
    );
  });
});
