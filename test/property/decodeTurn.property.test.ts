import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeCallsInPlace,
  decodeCopy,
  decodeTurn,
  type ResolvedLimits,
} from '../../src/gate/decodeTurn.js';
import { runs } from '../helpers/testEnv.js';

/**
 * `decodeTurn` reads a turn given as a value through a shortcut (issue 33):
 * the envelope in place, only the arguments copied, the size added up by
 * hand. It must answer exactly as `decodeCopy`, the whole-turn copy it falls
 * back to, for every value and every limit: the same calls, the same
 * refusal text, the same call index. The generators aim at the shortcut's
 * edges: odd values anywhere in the envelope, key subsets, argument text,
 * case-variant keys, and limits near the size and depth the turn needs.
 */

const RUNS = { numRuns: runs(20_000), seed: 20_261_205 } as const;

class Instance {
  readonly path = '/srv';
}
/** Values whose reading throws: a proxy whose every trap throws, a getter that throws. */
const trap = () => {
  throw new Error('trap');
};
const throwingProxy = new Proxy({}, { getPrototypeOf: trap, ownKeys: trap, get: trap });
const throwingGetter = Object.defineProperty({}, 'path', { enumerable: true, get: trap });
const odd = fc.constantFrom<unknown>(
  undefined,
  null,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  -0,
  0,
  true,
  new Date(0),
  () => 1,
  Symbol('s'),
  10n,
  new Instance(),
  Object.create(null) as unknown,
  // A hole: read as undefined.
  // eslint-disable-next-line no-sparse-arrays
  [, 1],
  [],
  {},
  throwingProxy,
  throwingGetter,
);
const keyName = fc.constantFrom(
  'path',
  'PATH',
  'Path',
  'url',
  'a',
  'b',
  '__proto__',
  'ſ',
  's',
  'K',
  'k',
);
const leaf = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.double(), fc.boolean(), odd);
const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(keyName, tie('value'), { maxKeys: 3 }),
  ),
})).value;
const argumentsText = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.constantFrom(
    '{"path":"a","path":"b"}',
    '{"path":"a","PATH":"b"}',
    '{',
    '[]',
    '{"a":{"b":{}}}',
  ),
);
const args = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(keyName, value, { maxKeys: 4 }) },
  { weight: 1, arbitrary: argumentsText },
  { weight: 1, arbitrary: value },
);
const call = fc.record(
  {
    tool: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('read', 'write', '') }, value),
    version: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(1, 2, 0, 1.5, -1, '1') }, value),
    shape: fc.oneof(fc.constantFrom('call', ''), value),
    arguments: args,
    id: value,
  },
  { requiredKeys: [] },
);
const wellFormedCall = fc
  .record(
    {
      tool: fc.constantFrom('read', 'write'),
      version: fc.constantFrom(1, 2),
      shape: fc.constantFrom('call', 'stream'),
      arguments: fc.oneof(
        {
          weight: 3,
          arbitrary: fc.dictionary(keyName, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
        },
        fc.dictionary(keyName, value, { maxKeys: 4 }),
        argumentsText,
      ),
    },
    { requiredKeys: ['tool', 'version', 'arguments'] },
  )
  .chain(inOrder);
/** The same call with its keys in any order: the size past the arguments counts too. */
function inOrder(call: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(call);
  return fc
    .shuffledSubarray(keys, { minLength: keys.length, maxLength: keys.length })
    .map((order) => Object.fromEntries(order.map((key) => [key, call[key]])));
}
/** A well-formed call with one field, or a field it lacks, set to any value (undefined too). */
const oneFieldOff = fc
  .tuple(
    wellFormedCall,
    fc.constantFrom('tool', 'version', 'shape', 'arguments'),
    fc.oneof(fc.constant(undefined), fc.constant(null), fc.boolean(), value),
  )
  .map(([call, key, odd]) => ({ ...call, [key]: odd }));
const turn = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({ calls: fc.array(oneFieldOff, { minLength: 1, maxLength: 2 }) }),
  },
  {
    weight: 6,
    arbitrary: fc.record({ calls: fc.array(wellFormedCall, { minLength: 1, maxLength: 3 }) }),
  },
  { weight: 4, arbitrary: fc.record({ calls: fc.array(call, { maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ calls: value }) },
  { weight: 1, arbitrary: fc.record({ answer: value }) },
  {
    weight: 1,
    arbitrary: fc.record({ calls: fc.array(wellFormedCall, { maxLength: 2 }), extra: value }),
  },
  // A string is JSON text to decodeTurn, read by JSON.parse: not the shortcut's business.
  { weight: 1, arbitrary: value.filter((item) => typeof item !== 'string') },
);
const limits: fc.Arbitrary<ResolvedLimits> = fc.record({
  maxBytes: fc.oneof(fc.integer({ min: 0, max: 300 }), {
    weight: 2,
    arbitrary: fc.constant(1_000_000),
  }),
  maxDepth: fc.oneof(fc.integer({ min: 0, max: 7 }), { weight: 2, arbitrary: fc.constant(64) }),
});

/** The smallest limit in [0, high] at which the copy decodes the turn's calls, if any. */
function smallestPassing(pass: (limit: number) => boolean, high: number): number | undefined {
  if (!pass(high)) return undefined;
  let [low, top] = [0, high];
  while (low < top) {
    const middle = Math.floor((low + top) / 2);
    if (pass(middle)) top = middle;
    else low = middle + 1;
  }
  return low;
}

describe('the value shortcut of decodeTurn answers as the whole-turn copy', () => {
  it('gives the same decoding, refusal text and call index for any value and limits', () => {
    const kinds = { calls: 0, malformed: 0, answer: 0 };
    fc.assert(
      fc.property(turn, limits, (input, limit) => {
        const expected = decodeCopy(input, limit);
        expect(decodeTurn(input, limit)).toEqual(expected);
        kinds[expected.kind]++;
      }),
      RUNS,
    );
    // Both sides of the shortcut were exercised, not one of them only.
    expect(kinds.calls).toBeGreaterThan(RUNS.numRuns / 10);
    expect(kinds.malformed).toBeGreaterThan(RUNS.numRuns / 10);
  });

  it('flips at the same size and depth limit as the copy, to the unit', () => {
    fc.assert(
      fc.property(fc.array(wellFormedCall, { minLength: 1, maxLength: 3 }), (calls) => {
        const input = { calls };
        const decodes = (limit: ResolvedLimits) => decodeCopy(input, limit).kind === 'calls';
        const bytes = smallestPassing((maxBytes) => decodes({ maxBytes, maxDepth: 64 }), 100_000);
        const depth = smallestPassing((maxDepth) => decodes({ maxBytes: 100_000, maxDepth }), 64);
        for (const limit of [
          ...(bytes === undefined ? [] : [bytes - 1, bytes, bytes + 1]).map((maxBytes) => ({
            maxBytes,
            maxDepth: 64,
          })),
          ...(depth === undefined ? [] : [depth - 1, depth, depth + 1]).map((maxDepth) => ({
            maxBytes: 100_000,
            maxDepth,
          })),
        ]) {
          expect(decodeTurn(input, limit)).toEqual(decodeCopy(input, limit));
        }
      }),
      { numRuns: runs(2_000), seed: 20_261_205 },
    );
  });
});

describe('the value shortcut decodes every well-formed turn itself', () => {
  it('answers a turn of calls the copy decodes, within the same limits, without giving up', () => {
    const plainCall = fc.record(
      {
        tool: fc.constantFrom('read', 'write'),
        version: fc.constantFrom(1, 2),
        shape: fc.constantFrom('call', 'stream'),
        arguments: fc.oneof(
          fc.dictionary(keyName, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
          fc.json({ maxDepth: 2 }),
        ),
      },
      { requiredKeys: ['tool', 'version', 'arguments'] },
    );
    let decoded = 0;
    fc.assert(
      fc.property(fc.array(plainCall, { minLength: 1, maxLength: 3 }), limits, (calls, limit) => {
        const input = { calls };
        const expected = decodeCopy(input, limit);
        if (expected.kind !== 'calls') return;
        decoded++;
        expect(decodeCallsInPlace(input, limit)).toEqual(expected);
        // At the very size the turn needs, too: it is within the limit.
        const bytes = smallestPassing(
          (maxBytes) => decodeCopy(input, { ...limit, maxBytes }).kind === 'calls',
          limit.maxBytes,
        );
        if (bytes === undefined) throw new Error('the turn decoded at its own limit');
        expect(decodeCallsInPlace(input, { ...limit, maxBytes: bytes })).toEqual(expected);
      }),
      { numRuns: runs(3_000), seed: 20_261_205 },
    );
    expect(decoded).toBeGreaterThan(runs(3_000) / 6);
  });
});

describe('the value shortcut never reads what the copy would not', () => {
  const LIMITS: ResolvedLimits = { maxBytes: 1_000_000, maxDepth: 64 };
  const CALL = { tool: 'read', version: 1, arguments: { path: '/srv/a' } };

  it('takes no call list from a polluted Object.prototype', () => {
    const prototype = Object.prototype as { calls?: unknown };
    prototype.calls = [CALL];
    try {
      expect(decodeTurn({ answer: 'done' }, LIMITS)).toEqual({ kind: 'answer', answer: 'done' });
      expect(decodeTurn({ other: 1 }, LIMITS)).toMatchObject({ kind: 'malformed' });
    } finally {
      delete prototype.calls;
    }
  });

  it('stops reading the arguments at the size limit', () => {
    const reads: string[] = [];
    const args = {
      get first() {
        reads.push('first');
        // Past the limit by itself only after the envelope's 64 characters are counted.
        return 'x'.repeat(60);
      },
      get second() {
        reads.push('second');
        return 'y';
      },
    };
    const decoded = decodeTurn(
      { calls: [{ tool: 'read', version: 1, arguments: args }] },
      { maxBytes: 100, maxDepth: 64 },
    );
    expect(decoded).toEqual({
      kind: 'malformed',
      why: 'it is larger than the limit of 100 characters',
    });
    // By the shortcut, then by the copy that names the problem; never past the limit.
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter((read) => read !== 'first')).toEqual([]);
  });

  it('answers as the copy for a turn or call that is a class instance, not a plain object', () => {
    class Turn {
      readonly calls = [CALL];
    }
    class Call {
      readonly tool = 'read';
      readonly version = 1;
      readonly arguments = { path: '/srv/a' };
    }
    for (const input of [new Turn(), { calls: [new Call()] }]) {
      expect(decodeTurn(input, LIMITS)).toEqual({
        kind: 'malformed',
        why: expect.stringContaining('is not a plain object') as unknown,
      });
      expect(decodeTurn(input, LIMITS)).toEqual(decodeCopy(input, LIMITS));
    }
  });

  it('names a getter or proxy that throws as the copy does', () => {
    for (const input of [
      throwingProxy,
      { calls: throwingProxy },
      { calls: [throwingProxy] },
      { calls: [{ ...CALL, arguments: throwingGetter }] },
      Object.defineProperty({}, 'calls', { enumerable: true, get: trap }),
    ]) {
      expect(decodeTurn(input, LIMITS)).toEqual({
        kind: 'malformed',
        why: 'the value could not be read as plain JSON data',
      });
    }
  });
});

describe('the value shortcut reads each property once', () => {
  const LIMITS: ResolvedLimits = { maxBytes: 1_000_000, maxDepth: 64 };

  it('decides on the one reading of a getter that answers differently each time', () => {
    let reads = 0;
    const args = {
      get path() {
        reads++;
        return reads === 1 ? '/srv/a' : '/etc/passwd';
      },
    };
    const decoded = decodeTurn({ calls: [{ tool: 'read', version: 1, arguments: args }] }, LIMITS);
    expect(reads).toBe(1);
    expect(decoded).toEqual({
      kind: 'calls',
      calls: [
        {
          tool: 'read',
          version: 1,
          ref: 'read@1',
          shape: undefined,
          arguments: { path: '/srv/a' },
        },
      ],
    });
    if (decoded.kind !== 'calls') throw new Error('expected calls');
    expect(Object.isFrozen(decoded.calls[0]?.arguments)).toBe(true);
  });

  it('reads the list of calls and each call field once', () => {
    const reads = new Map<string, number>();
    const counted = <T extends object>(name: string, target: T): T =>
      new Proxy(target, {
        get(object, key, receiver) {
          const where = `${name}.${String(key)}`;
          reads.set(where, (reads.get(where) ?? 0) + 1);
          return Reflect.get(object, key, receiver) as unknown;
        },
      });
    const first = counted('call', { tool: 'read', version: 1, arguments: { path: '/srv/a' } });
    const decoded = decodeTurn(counted('turn', { calls: counted('calls', [first]) }), LIMITS);
    expect(decoded.kind).toBe('calls');
    for (const where of ['turn.calls', 'calls.0', 'call.tool', 'call.version', 'call.arguments']) {
      expect(reads.get(where), where).toBe(1);
    }
  });
});
