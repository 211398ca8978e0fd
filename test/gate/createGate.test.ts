import { describe, expect, it } from 'vitest';
import { createGate, createGrant, createRegistry, type GateContext } from '../../src/index.js';
import { aGateSetup, aTurn } from './fixtures.js';

/** A context whose `step` getter throws: the gate reads it outside any check. */
function aThrowingContext(grant: GateContext['grant']): GateContext {
  return {
    grant,
    get step(): never {
      throw new Error('step exploded');
    },
  };
}

const GATE_FAILED = {
  check: 'gate',
  code: 'check_failed',
  reason: 'the check gate failed, so the call is refused',
  details: [{ pointer: '', message: 'step exploded' }],
};

describe('createGate: a throw outside any check', () => {
  it('rejects the turn at checkTurn as check_failed by the gate', () => {
    const { gate, context } = aGateSetup();
    const decision = gate.checkTurn(
      aTurn('fs-read', { path: 'a' }),
      aThrowingContext(context.grant),
    );
    expect(decision).toEqual({ settled: 'rejected', refusal: GATE_FAILED });
  });

  it('refuses the call at checkDispatch as check_failed by the gate', () => {
    const { gate, context } = aGateSetup();
    const proposed = gate.checkTurn(aTurn('fs-read', { path: 'a' }), context);
    expect(proposed.settled).toBe('tool');
    const call = proposed.settled === 'tool' ? proposed.calls[0] : undefined;
    const decision = gate.checkDispatch(call, aThrowingContext(context.grant));
    expect(decision).toEqual({ allowed: false, refusal: GATE_FAILED });
  });

  it('rejects the turn at authorize as check_failed by the gate', () => {
    const { gate, context } = aGateSetup();
    const decision = gate.authorize(
      aTurn('fs-read', { path: 'a' }),
      aThrowingContext(context.grant),
    );
    expect(decision).toEqual({ settled: 'rejected', refusal: GATE_FAILED });
  });
});

describe('createGate: a tool deregistered while its proposal is checked', () => {
  it("authorizes the proposal with the default shape 'call', and dispatch then refuses it", () => {
    const registry = createRegistry();
    registry.register({
      name: 'media/play',
      version: 1,
      description: 'Plays a stream.',
      inputSchema: { type: 'object' },
      shapes: ['stream'],
    });
    /** A visible set that removes the tool the moment the gate asks about it. */
    class DeregisteringSet extends Set<string> {
      override has(name: string): boolean {
        registry.deregister('media/play@1');
        return super.has(name);
      }
    }
    const gate = createGate({ registry });
    const context: GateContext = {
      grant: createGrant({ tools: ['media/play@1'] }),
      visible: new DeregisteringSet(['media/play']),
    };
    const proposed = gate.checkTurn(aTurn('media/play', {}), context);
    expect(
      proposed.settled === 'tool' && proposed.calls.map(({ ref, shape }) => ({ ref, shape })),
    ).toEqual([{ ref: 'media/play@1', shape: 'call' }]);
    const dispatched = gate.checkDispatch(
      proposed.settled === 'tool' ? proposed.calls[0] : undefined,
      context,
    );
    expect(!dispatched.allowed && dispatched.refusal).toMatchObject({
      check: 'dispatch.grant',
      code: 'not_granted',
    });
  });
});
