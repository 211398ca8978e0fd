import { describe, expect, it } from 'vitest';
import { decodeTurn } from '../../src/gate/decodeTurn.js';
import { createGate } from '../../src/index.js';
import { aGateRegistry, aGateSetup, aTurn } from './fixtures.js';

const refusalOf = (turn: unknown, limits?: { maxBytes?: number; maxDepth?: number }) => {
  const { context } = aGateSetup();
  const gate = createGate({ registry: aGateRegistry(), ...(limits ? { limits } : {}) });
  const decision = gate.checkTurn(turn, context);
  if (decision.settled !== 'rejected')
    throw new Error(`expected a rejection, got ${decision.settled}`);
  return decision.refusal;
};

describe('decoding an untrusted turn', () => {
  it.each([
    ['not JSON', '{"calls": [', 'it is not valid JSON'],
    ['a JSON list', '[1, 2]', 'a turn is an object'],
    ['a JSON string', '"hello"', 'a turn is an object'],
    ['both keys', '{"answer": "a", "calls": []}', 'exactly one key'],
    ['an unknown key', '{"reply": "a"}', 'exactly one key'],
    [
      'calls and then another key',
      '{"calls": [{"tool": "a", "version": 1, "arguments": {}}], "answer": "a"}',
      'exactly one key',
    ],
    ['an answer that is not a string', '{"answer": 1}', '"answer" must be a string'],
    ['empty calls', '{"calls": []}', 'non-empty list'],
    ['calls that are not a list', '{"calls": {}}', 'non-empty list'],
    ['a repeated key', '{"answer": "a", "answer": "b"}', 'the key "answer" appears twice'],
  ])('refuses %s as malformed_proposal', (_title, text, why) => {
    const refusal = refusalOf(text);
    expect(refusal.check).toBe('proposal.decode');
    expect(refusal.code).toBe('malformed_proposal');
    expect(refusal.reason).toContain('the proposal is malformed: ');
    expect(refusal.reason).toContain(why);
    expect(refusal.callIndex).toBeUndefined();
  });

  it.each([
    ['a call that is not an object', [1], 'a call is an object'],
    [
      'an unknown call key',
      [{ tool: 'a', version: 1, arguments: {}, id: 'x' }],
      'a call has no key "id"',
    ],
    ['a missing tool', [{ version: 1, arguments: {} }], '"tool" must be'],
    ['an empty tool', [{ tool: '', version: 1, arguments: {} }], '"tool" must be'],
    ['version 0', [{ tool: 'a', version: 0, arguments: {} }], '"version" must be'],
    ['version "1"', [{ tool: 'a', version: '1', arguments: {} }], '"version" must be'],
    ['version 1.5', [{ tool: 'a', version: 1.5, arguments: {} }], '"version" must be'],
    ['an empty shape', [{ tool: 'a', version: 1, shape: '', arguments: {} }], '"shape" must be'],
    [
      'a shape that is a number',
      [{ tool: 'a', version: 1, shape: 1, arguments: {} }],
      '"shape" must be',
    ],
    ['missing arguments', [{ tool: 'a', version: 1 }], '"arguments" must be an object'],
    ['list arguments', [{ tool: 'a', version: 1, arguments: [] }], '"arguments" must be an object'],
    [
      'arguments text that is not JSON',
      [{ tool: 'a', version: 1, arguments: '{' }],
      'not valid JSON',
    ],
    [
      'arguments text holding a list',
      [{ tool: 'a', version: 1, arguments: '[1]' }],
      '"arguments" must be an object',
    ],
    [
      'arguments text with a repeated key',
      [{ tool: 'a', version: 1, arguments: '{"path":"/ok","path":"/etc"}' }],
      'the key "path" appears twice',
    ],
    [
      'arguments text repeating an escaped key',
      [{ tool: 'a', version: 1, arguments: '{"a":1,"\\u0061":2}' }],
      'the key "a" appears twice',
    ],
  ])('refuses %s, naming the call', (_title, calls, why) => {
    const refusal = refusalOf({
      calls: [{ tool: 'slack/search', version: 1, arguments: { query: 'ok' } }, ...calls],
    });
    expect(refusal).toMatchObject({
      check: 'proposal.decode',
      code: 'malformed_proposal',
      callIndex: 1,
    });
    expect(refusal.reason).toContain(why);
  });

  it('accepts the same key in different objects', () => {
    const { gate, context } = aGateSetup();
    const text = JSON.stringify(aTurn('net/ping', '{"hosts":["example.com"],"x":{"hosts":1}}'));
    expect(gate.checkTurn(text, context).settled).toBe('tool');
  });

  it.each([
    ['a function', { answer: () => 'x' }],
    ['undefined', { answer: undefined }],
    ['NaN', aTurn('slack/search', { query: 'x', limit: Number.NaN })],
    ['a Date', aTurn('slack/search', { query: new Date(0) })],
    ['a Map', new Map()],
    ['a symbol', Symbol('turn')],
    ['a bigint', 1n],
  ])('refuses a decoded value holding %s', (_title, turn) => {
    expect(refusalOf(turn).code).toBe('malformed_proposal');
  });

  it('refuses a cyclic value instead of looping', () => {
    const args: Record<string, unknown> = { query: 'x' };
    args.self = args;
    expect(refusalOf(aTurn('slack/search', args)).reason).toContain(
      'nested deeper than the limit of 64 levels',
    );
  });

  it('refuses a value whose getter throws', () => {
    const args = Object.defineProperty({}, 'query', {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
    expect(refusalOf(aTurn('slack/search', args)).code).toBe('malformed_proposal');
  });

  it('reads a getter once: the checked copy is what the call carries', () => {
    const { gate, context } = aGateSetup();
    let reads = 0;
    const args = Object.defineProperty({}, 'url', {
      enumerable: true,
      get: () => (++reads === 1 ? 'https://example.com/' : 'https://evil.com/'),
    });
    const decision = gate.authorize(aTurn('http/get', args), context);
    expect(decision.settled === 'tool' && decision.calls[0]?.arguments).toEqual({
      url: 'https://example.com/',
    });
    expect(reads).toBe(1);
  });

  it('refuses text larger than the byte limit, counting UTF-8 bytes', () => {
    const { gate, context } = aGateSetup(undefined, undefined, { limits: { maxBytes: 100 } });
    const ascii = JSON.stringify({ answer: 'a'.repeat(80) });
    const wide = JSON.stringify({ answer: 'é'.repeat(50) });
    expect(gate.checkTurn(ascii, context).settled).toBe('answer');
    const decision = gate.checkTurn(wide, context);
    expect(decision.settled === 'rejected' && decision.refusal.reason).toContain(
      'larger than the limit of 100 bytes',
    );
  });

  it('refuses a 1 MiB turn by default', () => {
    const refusal = refusalOf(JSON.stringify({ answer: 'a'.repeat(1024 * 1024) }));
    expect(refusal.reason).toContain('larger than the limit of 1048576 bytes');
  });

  it('refuses nesting deeper than 64 levels by default, and accepts 64', () => {
    const { gate, context } = aGateSetup();
    const nest = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
    // turn, calls, call, arguments = 4 levels; the rest sits inside a property.
    const turn = (levels: number) =>
      `{"calls":[{"tool":"slack/search","version":1,"arguments":{"query":"x","deep":${nest(levels)}}}]}`;
    expect(gate.checkTurn(turn(60), context).settled).toBe('rejected');
    const ok = gate.checkTurn(turn(60), context);
    expect(ok.settled === 'rejected' && ok.refusal.code).toBe('bad_arguments');
    const deep = gate.checkTurn(turn(61), context);
    expect(deep.settled === 'rejected' && deep.refusal.reason).toContain(
      'nested deeper than the limit of 64 levels',
    );
  });

  it('counts the depth of arguments sent as a string within the envelope', () => {
    const { gate, context } = aGateSetup(undefined, undefined, { limits: { maxDepth: 5 } });
    const shallow = gate.checkTurn(aTurn('net/ping', '{"hosts":["example.com"]}'), context);
    expect(shallow.settled).toBe('tool');
    const deep = gate.checkTurn(aTurn('net/ping', '{"hosts":["example.com"],"x":[[1]]}'), context);
    expect(deep.settled === 'rejected' && deep.refusal.reason).toContain(
      'nested deeper than the limit of 5 levels',
    );
  });

  it('survives a million nested brackets without a crash', () => {
    const refusal = refusalOf('['.repeat(500_000) + ']'.repeat(500_000));
    expect(refusal.code).toBe('malformed_proposal');
  });

  it('refuses a turn it cannot read, such as one nested past the stack, instead of throwing', () => {
    const levels = 200_000;
    const text = `{"answer":${'['.repeat(levels)}${']'.repeat(levels)}}`;
    const refusal = refusalOf(text, { maxBytes: 10_000_000, maxDepth: Number.MAX_SAFE_INTEGER });
    expect(refusal).toMatchObject({ check: 'proposal.decode', code: 'malformed_proposal' });
    expect(refusal.reason).toBe('the proposal is malformed: the turn could not be read');
  });
});

describe('decodeTurn', () => {
  const LIMITS = { maxBytes: 1024 * 1024, maxDepth: 64 };

  it('decodes calls exactly, with rawArguments only when the arguments were text', () => {
    const turn = {
      calls: [
        { tool: 'a', version: 1, arguments: { x: 1 } },
        { tool: 'b', version: 2, shape: 'stream', arguments: '{"y":2}' },
      ],
    };
    expect(decodeTurn(turn, LIMITS)).toStrictEqual({
      kind: 'calls',
      calls: [
        { tool: 'a', version: 1, ref: 'a@1', shape: undefined, arguments: { x: 1 } },
        {
          tool: 'b',
          version: 2,
          ref: 'b@2',
          shape: 'stream',
          arguments: { y: 2 },
          rawArguments: '{"y":2}',
        },
      ],
    });
  });

  it('names a call index only when a call is malformed', () => {
    expect(decodeTurn('[1]', LIMITS)).toStrictEqual({
      kind: 'malformed',
      why: 'a turn is an object: { "calls": [...] } or { "answer": "..." }',
    });
    expect(decodeTurn({ calls: [1] }, LIMITS)).toStrictEqual({
      kind: 'malformed',
      why: 'a call is an object { "tool", "version", "shape"?, "arguments" }',
      callIndex: 0,
    });
  });
});
