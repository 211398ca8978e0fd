import { describe, expect, it } from 'vitest';
import { createGate, createGrant, ToolgateError, type ExtraCheck } from '../../src/index.js';
import { DISPATCH_CHECKS, PROPOSAL_CHECKS } from '../../src/gate/pipeline.js';
import { aGateRegistry, aGateSetup, aTurn } from './fixtures.js';

describe('authorize: both stages as a preflight', () => {
  it('allows a turn only when every call passes both stages', () => {
    const { gate, context } = aGateSetup();
    const decision = gate.authorize(
      {
        calls: [
          { tool: 'fs-read', version: 1, arguments: { path: 'a' } },
          { tool: 'http/get', version: 1, arguments: { url: 'https://example.com' } },
        ],
      },
      context,
    );
    expect(decision.settled === 'tool' && decision.calls.map((call) => call.ref)).toEqual([
      'fs-read@1',
      'http/get@1',
    ]);
  });

  it('rejects the whole turn when one call fails at dispatch, naming that call', () => {
    const { gate, context } = aGateSetup();
    const decision = gate.authorize(
      {
        calls: [
          { tool: 'fs-read', version: 1, arguments: { path: 'a' } },
          { tool: 'fs-read', version: 1, arguments: { path: '/etc/passwd' } },
        ],
      },
      context,
    );
    expect(decision).toEqual({
      settled: 'rejected',
      refusal: {
        check: 'dispatch.folder',
        code: 'folder_out_of_scope',
        reason: 'the path /etc/passwd is outside the granted folder scope',
        callIndex: 1,
        ref: 'fs-read@1',
        details: [{ pointer: '/path', message: 'no granted folder allows reading here' }],
      },
    });
  });

  it('passes an answer through', () => {
    const { gate, context } = aGateSetup();
    expect(gate.authorize({ answer: 'x' }, context)).toEqual({ settled: 'answer', answer: 'x' });
  });
});

describe('the pipeline', () => {
  it('runs the built-in checks in the order SPEC §7 fixes', () => {
    expect(PROPOSAL_CHECKS.map((entry) => entry.id)).toEqual([
      'proposal.granted',
      'proposal.visible',
      'proposal.arguments',
    ]);
    expect(DISPATCH_CHECKS.map((entry) => entry.id)).toEqual([
      'dispatch.step',
      'dispatch.shape',
      'dispatch.grant',
      'dispatch.network',
      'dispatch.folder',
      'dispatch.secret',
      'dispatch.flow',
      'dispatch.approval',
    ]);
  });

  it('refuses as check_failed when a check throws, never allows', () => {
    const { gate, context } = aGateSetup(undefined, undefined, {
      realpath: () => {
        throw new Error('disk on fire');
      },
    });
    const decision = gate.authorize(aTurn('fs-read', { path: 'a' }), context);
    expect(decision).toEqual({
      settled: 'rejected',
      refusal: {
        check: 'dispatch.folder',
        code: 'check_failed',
        reason: 'the check dispatch.folder failed, so the call is refused',
        callIndex: 0,
        ref: 'fs-read@1',
        details: [{ pointer: '', message: 'disk on fire' }],
      },
    });
  });

  it('refuses every call when the context is not usable, instead of throwing', () => {
    const { gate } = aGateSetup();
    const turn = aTurn('fs-read', { path: 'a' });
    for (const context of [
      undefined,
      null,
      {},
      { grant: { tools: ['fs-read@1'] } },
      { grant: createGrant({}), step: 'x' },
      { grant: createGrant({}), cwd: 1 },
      { grant: createGrant({}), visible: [1] },
    ]) {
      const decision = gate.checkTurn(turn, context as never);
      expect(decision.settled === 'rejected' && decision.refusal).toMatchObject({
        check: 'gate.context',
        code: 'check_failed',
      });
    }
  });
});

describe('extra checks', () => {
  const noMondays: ExtraCheck = {
    id: 'policy.no-etc',
    check: (call) =>
      JSON.stringify(call.arguments).includes('secret')
        ? { ok: false, reason: 'no secrets today' }
        : { ok: true },
  };

  it('run after the built-in checks and refuse with their own reason', () => {
    const { gate, context } = aGateSetup(undefined, undefined, { checks: [noMondays] });
    expect(gate.authorize(aTurn('fs-read', { path: 'a' }), context).settled).toBe('tool');
    const decision = gate.authorize(aTurn('fs-read', { path: 'secret.txt' }), context);
    expect(decision.settled === 'rejected' && decision.refusal).toEqual({
      check: 'policy.no-etc',
      code: 'check_refused',
      reason: 'no secrets today',
      callIndex: 0,
      ref: 'fs-read@1',
    });
  });

  it('cannot remove a built-in check: a built-in refusal comes first', () => {
    const allowAll: ExtraCheck = { id: 'allow-all', check: () => ({ ok: true }) };
    const { gate, context } = aGateSetup(undefined, undefined, { checks: [allowAll] });
    const decision = gate.authorize(aTurn('fs-read', { path: '/etc/passwd' }), context);
    expect(decision.settled === 'rejected' && decision.refusal.check).toBe('dispatch.folder');
  });

  it('receive the call and a context with the registry entry', () => {
    const seen: string[] = [];
    const spy: ExtraCheck = {
      id: 'spy',
      check: (call, ctx) => {
        seen.push(`${call.ref} ${ctx.entry.description} ${ctx.cwd ?? ''}`);
        return { ok: true };
      },
    };
    const { gate, context } = aGateSetup(undefined, undefined, { checks: [spy] });
    gate.authorize(aTurn('fs-read', { path: 'a' }), context);
    expect(seen).toEqual([
      `fs-read@1 Reads bytes from a path the run's folder grant already covers. Read-only. /srv/project`,
    ]);
  });

  it.each([
    [
      'throws',
      () => {
        throw new Error('x');
      },
    ],
    ['returns undefined', () => undefined],
    ['returns true', () => true],
    ['returns { ok: "yes" }', () => ({ ok: 'yes' })],
    ['refuses without a reason', () => ({ ok: false })],
  ])('refuse as check_failed when the check %s', (_title, check) => {
    const { gate, context } = aGateSetup(undefined, undefined, {
      checks: [{ id: 'odd', check: check as ExtraCheck['check'] }],
    });
    const decision = gate.authorize(aTurn('fs-read', { path: 'a' }), context);
    expect(decision.settled === 'rejected' && decision.refusal).toMatchObject({
      check: 'odd',
      code: 'check_failed',
    });
  });
});

describe('createGate', () => {
  it.each([
    ['no registry', {}],
    ['a registry not made by createRegistry', { registry: { resolve: () => undefined } }],
    ['an unknown option', { registry: aGateRegistry(), strict: true }],
    ['a bad realpath', { registry: aGateRegistry(), realpath: 'posix' }],
    ['checks that are not a list', { registry: aGateRegistry(), checks: {} }],
    [
      'a check with a reserved id',
      {
        registry: aGateRegistry(),
        checks: [{ id: 'dispatch.folder', check: () => ({ ok: true }) }],
      },
    ],
    ['a check without a function', { registry: aGateRegistry(), checks: [{ id: 'x' }] }],
    ['a zero byte limit', { registry: aGateRegistry(), limits: { maxBytes: 0 } }],
    ['a fractional depth limit', { registry: aGateRegistry(), limits: { maxDepth: 1.5 } }],
  ])('throws invalid_option for %s', (_title, options) => {
    expect(() => createGate(options as never)).toThrow(ToolgateError);
    try {
      createGate(options as never);
    } catch (error) {
      expect((error as ToolgateError).code).toBe('invalid_option');
    }
  });
});

describe('authorize and a polluted Object.prototype', () => {
  it('never hands on a rawArguments the prototype supplies', () => {
    const { gate, context } = aGateSetup();
    const prototype = Object.prototype as { rawArguments?: unknown };
    prototype.rawArguments = '{"path": "/etc/passwd"}';
    try {
      const decision = gate.authorize(aTurn('fs-read', { path: 'README.md' }), context);
      if (decision.settled !== 'tool') throw new Error('expected the call to pass');
      expect(Object.hasOwn(decision.calls[0] as object, 'rawArguments')).toBe(false);
    } finally {
      delete prototype.rawArguments;
    }
  });
});
