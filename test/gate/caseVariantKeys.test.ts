import { describe, expect, it } from 'vitest';
import { createGate, createGrant, createRegistry } from '../../src/index.js';
import { aGateSetup, aTurn } from './fixtures.js';

/** fs-read@1's schema admits extra keys, so only the decoder stands between PATH and a Go tool. */
function aReadSetup() {
  const registry = createRegistry();
  registry.register({
    name: 'file/read',
    version: 1,
    description: 'Reads a file (its schema admits extra keys).',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    resources: [{ kind: 'path', at: '/path', access: 'read' }],
  });
  const gate = createGate({ registry });
  const context = { grant: createGrant({ tools: ['file/read@1'], folders: ['/workspace'] }) };
  return { gate, context };
}

describe('keys equal ignoring case (SPEC §7 rev 2, §13)', () => {
  it('refuses {"path": "/workspace/a", "PATH": "/etc/shadow"} as malformed_proposal, in every form', () => {
    const { gate, context } = aReadSetup();
    const args = { path: '/workspace/a', PATH: '/etc/shadow' };
    for (const turn of [
      aTurn('file/read', args),
      JSON.stringify(aTurn('file/read', args)),
      aTurn('file/read', JSON.stringify(args)),
    ]) {
      const decision = gate.authorize(turn, context);
      expect(decision).toMatchObject({
        settled: 'rejected',
        refusal: { check: 'proposal.decode', code: 'malformed_proposal', callIndex: 0 },
      });
      if (decision.settled !== 'rejected') continue;
      expect(decision.refusal.reason).toContain(
        'the keys "path" and "PATH" in one object are equal ignoring case',
      );
    }
  });

  it.each([
    ['KELVIN SIGN for k', { kind: 1, '\u212aind': 2 }, 'kind', '\u212aind'],
    ['LONG S for s', { secret: 'a', '\u017fecret': 'b' }, 'secret', '\u017fecret'],
    ['a mixed-case spelling', { Path: '/a', pAtH: '/b' }, 'Path', 'pAtH'],
    ['Greek final sigma', { ς: 1, σ: 2 }, 'ς', 'σ'],
    ['a nested object in a list', { list: [{ ok: 1 }, { a: 1, A: 2 }] }, 'a', 'A'],
  ])('refuses %s anywhere inside arguments', (_title, args, first, second) => {
    const { gate, context } = aGateSetup();
    const decision = gate.checkTurn(aTurn('net/ping', args), context);
    expect(decision.settled).toBe('rejected');
    if (decision.settled !== 'rejected') return;
    expect(decision.refusal.code).toBe('malformed_proposal');
    expect(decision.refusal.reason).toContain(
      `the keys ${JSON.stringify(first)} and ${JSON.stringify(second)} in one object`,
    );
  });

  it('escapes control characters of the keys it names', () => {
    const { gate, context } = aGateSetup();
    const decision = gate.checkTurn(aTurn('net/ping', { 'a\nb': 1, 'A\nB': 2 }), context);
    expect(decision.settled === 'rejected' && decision.refusal.reason).toContain(
      'the keys "\\"a\\\\nb\\"" and "\\"A\\\\nB\\"" in one object',
    );
  });

  it.each([
    ['keys in different objects', { hosts: ['example.com'], x: { HOSTS: 1 } }],
    ['ß and ss (no simple folding between them)', { hosts: [], ß: 1, ss: 2 }],
    [
      'dotted and dotless I (Turkic folding is not simple folding)',
      { hosts: [], İ: 1, i: 2, ı: 3 },
    ],
    ['a key and its prefix', { hosts: [], host: 1, Hostname: 2 }],
    ['the same text as a value', { hosts: ['HOSTS'] }],
  ])('allows %s', (_title, args) => {
    const { gate, context } = aGateSetup();
    expect(gate.checkTurn(aTurn('net/ping', args), context).settled).toBe('tool');
  });
});
