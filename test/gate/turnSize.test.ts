import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGate, createGrant, createRegistry } from '../../src/index.js';
import { runs } from '../helpers/testEnv.js';

/**
 * The size limit counts the UTF-8 bytes of turn text (README, "Limits"):
 * exactly the limit is accepted, one byte more is refused, whichever
 * characters make up the text. Checked against Buffer.byteLength at the
 * boundaries of every UTF-8 length class.
 */

const registry = createRegistry();
const context = { grant: createGrant({}) };
const BOUNDARY_CHARACTERS = [
  'a',
  '\u007f',
  '\u0080',
  '\u07ff',
  '\u0800',
  '\ud7ff',
  '\ue000',
  '\uffff',
  '\u{10000}',
  '\u{1f600}',
  '\u{10ffff}',
];

const decideWithLimit = (text: string, maxBytes: number) =>
  createGate({ registry, limits: { maxBytes, maxDepth: 64 } }).checkTurn(text, context).settled;

describe('the size limit on turn text', () => {
  it('accepts text of exactly the limit in UTF-8 bytes and refuses one byte more', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...BOUNDARY_CHARACTERS), { maxLength: 40 }),
        (characters) => {
          const text = JSON.stringify({ answer: characters.join('') });
          const bytes = Buffer.byteLength(text, 'utf8');
          expect(decideWithLimit(text, bytes)).toBe('answer');
          expect(decideWithLimit(text, bytes - 1)).toBe('rejected');
        },
      ),
      { numRuns: runs(500), seed: 20_261_130 },
    );
  });

  it('counts arguments sent as a string by their UTF-8 bytes, inside a decoded turn too', () => {
    const args = JSON.stringify({ text: '\u{1f600}'.repeat(50) });
    const bytes = Buffer.byteLength(args, 'utf8');
    expect([args.length, bytes]).toEqual([111, 211]);
    const grant = createGrant({ tools: ['text-summarize@1'] });
    const decide = (maxBytes: number) =>
      createGate({ registry: createRegistry(), limits: { maxBytes, maxDepth: 64 } }).checkTurn(
        { calls: [{ tool: 'text-summarize', version: 1, arguments: args }] },
        { grant },
      );
    expect(decide(bytes).settled).toBe('tool');
    expect(decide(bytes - 1)).toEqual({
      settled: 'rejected',
      refusal: {
        check: 'proposal.decode',
        code: 'malformed_proposal',
        reason: `the proposal is malformed: "arguments" is a string that cannot be used: it is larger than the limit of ${bytes - 1} bytes`,
        callIndex: 0,
      },
    });
  });
});
