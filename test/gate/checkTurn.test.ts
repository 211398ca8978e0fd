import { describe, expect, it } from 'vitest';
import { createGate, createGrant, createRegistry } from '../../src/index.js';
import { aGateSetup, aTurn } from './fixtures.js';

describe('checkTurn: the proposal stage', () => {
  it('settles an answer turn as an answer', () => {
    const { gate, context } = aGateSetup();
    expect(gate.checkTurn('{"answer":"all done"}', context)).toEqual({
      settled: 'answer',
      answer: 'all done',
    });
  });

  it('authorizes a granted call with matching arguments and fills in the default shape', () => {
    const { gate, context } = aGateSetup();
    const decision = gate.checkTurn(aTurn('slack/search', { query: 'budget' }), context);
    expect(decision).toEqual({
      settled: 'tool',
      calls: [
        {
          tool: 'slack/search',
          version: 1,
          ref: 'slack/search@1',
          shape: 'call',
          arguments: { query: 'budget' },
        },
      ],
    });
  });

  it('keeps a requested shape as given, leaving its check to the dispatch stage', () => {
    const { gate, context } = aGateSetup();
    const decision = gate.checkTurn(
      aTurn('fs-read', { path: 'a' }, { shape: 'overwrite' }),
      context,
    );
    expect(decision.settled === 'tool' && decision.calls[0]?.shape).toBe('overwrite');
  });

  it('keeps arguments sent as a JSON string verbatim as rawArguments and decodes them for the checks', () => {
    const { gate, context } = aGateSetup();
    const raw = '{ "query" : "q\\u0041" }';
    const decision = gate.checkTurn(aTurn('slack/search', raw), context);
    if (decision.settled !== 'tool') throw new Error(`expected tool, got ${decision.settled}`);
    expect(decision.calls[0]?.rawArguments).toBe(raw);
    expect(decision.calls[0]?.arguments).toEqual({ query: 'qA' });
  });

  it('hands out deeply frozen calls', () => {
    const { gate, context } = aGateSetup();
    const decision = gate.checkTurn(aTurn('net/ping', { hosts: ['example.com'] }), context);
    if (decision.settled !== 'tool') throw new Error('expected tool');
    const call = decision.calls[0];
    expect(Object.isFrozen(call)).toBe(true);
    expect(Object.isFrozen(call?.arguments)).toBe(true);
    expect(Object.isFrozen(call?.arguments.hosts)).toBe(true);
  });

  it('does not let a caller change a checked value turn after the fact', () => {
    const { gate, context } = aGateSetup();
    const args = { query: 'budget' };
    const decision = gate.checkTurn(aTurn('slack/search', args), context);
    args.query = 'changed';
    expect(decision.settled === 'tool' && decision.calls[0]?.arguments).toEqual({
      query: 'budget',
    });
  });

  describe('proposal.granted', () => {
    it('refuses a tool the grant does not name, with the exact reason', () => {
      const { gate, context } = aGateSetup({ tools: ['http/get@1'] });
      expect(gate.checkTurn(aTurn('slack/search', { query: 'x' }), context)).toEqual({
        settled: 'rejected',
        refusal: {
          check: 'proposal.granted',
          code: 'not_granted',
          reason:
            'the proposed tool slack/search@1 is not granted to this run or is no longer registered',
          callIndex: 0,
          ref: 'slack/search@1',
        },
      });
    });

    it('matches the exact version: version 2 is not version 1', () => {
      const { gate, context } = aGateSetup();
      const decision = gate.checkTurn(
        { calls: [{ tool: 'slack/search', version: 2, arguments: { query: 'x' } }] },
        context,
      );
      expect(decision.settled === 'rejected' && decision.refusal.reason).toBe(
        'the proposed tool slack/search@2 is not granted to this run or is no longer registered',
      );
    });

    it.each(['Slack/search', 'slack/searc', 'slack/search ', 'slack', 'slack/search/x'])(
      'does not fold case or match by prefix: %s',
      (tool) => {
        const { gate, context } = aGateSetup();
        const decision = gate.checkTurn(aTurn(tool, { query: 'x' }), context);
        expect(decision.settled === 'rejected' && decision.refusal.code).toBe('not_granted');
      },
    );

    it('refuses a granted tool the registry does not have', () => {
      const registry = createRegistry();
      const gate = createGate({ registry });
      const context = { grant: createGrant({ tools: ['ghost/tool@1'] }) };
      const decision = gate.checkTurn(aTurn('ghost/tool', {}), context);
      expect(decision.settled === 'rejected' && decision.refusal.code).toBe('not_granted');
    });

    it('refuses a tool its registry lists as not grantable, whatever the grant says', () => {
      const registry = createRegistry({ builtins: 'managed' });
      const gate = createGate({ registry });
      const context = { grant: createGrant({ tools: ['fs-read@1'], folders: ['/'] }), cwd: '/' };
      const decision = gate.authorize(aTurn('fs-read', { path: '/etc/hosts' }), context);
      expect(decision.settled === 'rejected' && decision.refusal).toMatchObject({
        check: 'proposal.granted',
        code: 'not_granted',
      });
    });
  });

  describe('proposal.visible', () => {
    it('refuses a granted tool hidden from the agent, with the exact reason', () => {
      const { gate, context } = aGateSetup(undefined, { visible: new Set(['http/get']) });
      expect(gate.checkTurn(aTurn('slack/search', { query: 'x' }), context)).toEqual({
        settled: 'rejected',
        refusal: {
          check: 'proposal.visible',
          code: 'hidden_tool',
          reason: 'the tool slack/search is hidden from this agent',
          callIndex: 0,
          ref: 'slack/search@1',
        },
      });
    });

    it.each([
      [['slack/search'], 'tool'],
      [['slack/*'], 'tool'],
      [['*'], 'tool'],
      [['slack'], 'rejected'],
      [['slack/s*'], 'rejected'],
      [['sl*'], 'rejected'],
      [[], 'rejected'],
    ])('with visible %j settles %s', (visible, settled) => {
      const { gate, context } = aGateSetup(undefined, { visible });
      expect(gate.checkTurn(aTurn('slack/search', { query: 'x' }), context).settled).toBe(settled);
    });

    it('asks visibility only after the grant: a hidden, ungranted tool is not_granted', () => {
      const { gate, context } = aGateSetup({ tools: [] }, { visible: [] });
      const decision = gate.checkTurn(aTurn('slack/search', { query: 'x' }), context);
      expect(decision.settled === 'rejected' && decision.refusal.code).toBe('not_granted');
    });
  });

  describe('proposal.arguments', () => {
    it('refuses arguments that do not match the schema, listing each error with its pointer', () => {
      const { gate, context } = aGateSetup();
      const decision = gate.checkTurn(aTurn('slack/search', { limit: 'ten', extra: 1 }), context);
      if (decision.settled !== 'rejected') throw new Error('expected a refusal');
      expect(decision.refusal).toMatchObject({
        check: 'proposal.arguments',
        code: 'bad_arguments',
        reason: 'the arguments for slack/search@1 do not match its inputSchema',
        callIndex: 0,
        ref: 'slack/search@1',
      });
      expect(decision.refusal.details).toEqual(
        expect.arrayContaining([
          { pointer: '/query', message: "must have required property 'query'" },
          { pointer: '/limit', message: 'must be integer' },
          { pointer: '', message: 'must NOT have additional properties: "extra"' },
        ]),
      );
    });

    it('is not fooled by a polluted Object.prototype into seeing a required property', () => {
      const { gate, context } = aGateSetup();
      const proto = Object.prototype as Record<string, unknown>;
      proto.query = 'polluted';
      try {
        const decision = gate.checkTurn(aTurn('slack/search', {}), context);
        expect(decision.settled === 'rejected' && decision.refusal.code).toBe('bad_arguments');
      } finally {
        delete proto.query;
      }
    });
  });

  describe('a whole turn', () => {
    it('is rejected by one bad call, and authorizes none of the others', () => {
      const { gate, context } = aGateSetup();
      const decision = gate.checkTurn(
        {
          calls: [
            { tool: 'slack/search', version: 1, arguments: { query: 'a' } },
            { tool: 'http/get', version: 1, arguments: { url: 'https://example.com' } },
            { tool: 'evil/tool', version: 1, arguments: {} },
            { tool: 'slack/search', version: 1, arguments: { query: 'b' } },
          ],
        },
        context,
      );
      expect(decision).toMatchObject({
        settled: 'rejected',
        refusal: { callIndex: 2, code: 'not_granted' },
      });
      expect('calls' in decision).toBe(false);
    });

    it('reports the first bad call when several are bad', () => {
      const { gate, context } = aGateSetup();
      const decision = gate.checkTurn(
        {
          calls: [
            { tool: 'slack/search', version: 1, arguments: { query: 'a' } },
            { tool: 'slack/search', version: 1, arguments: {} },
            { tool: 'evil/tool', version: 1, arguments: {} },
          ],
        },
        context,
      );
      expect(decision).toMatchObject({
        settled: 'rejected',
        refusal: { callIndex: 1, code: 'bad_arguments' },
      });
    });
  });
});

describe('proposal.arguments with many errors', () => {
  it('lists the first 20 schema errors and counts the rest', () => {
    const { gate, context } = aGateSetup();
    const hosts = Array.from({ length: 50 }, (_, i) => i);
    const decision = gate.checkTurn(aTurn('net/ping', { hosts }), context);
    if (decision.settled !== 'rejected') throw new Error('expected a refusal');
    const details = decision.refusal.details ?? [];
    expect(details).toHaveLength(21);
    expect(details[0]).toEqual({ pointer: '/hosts/0', message: 'must be string' });
    expect(details[20]).toEqual({ pointer: '', message: '… and 30 more schema errors' });
  });
});
