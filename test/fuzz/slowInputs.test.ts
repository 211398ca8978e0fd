import { describe, expect, it } from 'vitest';
import { compileInputSchema } from '../../src/registry/compileInputSchema.js';
import {
  buildSlowInput,
  PATTERNS,
  slowInputCandidates,
  TARGETS,
  type SlowInputParts,
} from './slowInputTargets.js';

/**
 * The slow-input hunt's adversarial arguments, decided: 12 random strings
 * per keyword, each at 2 KB and 32 KB. How long they take is measured in
 * `bench/cases/slowInputs.ts` (`BENCH_ONLY=slow-inputs npm run bench`), not
 * here: a test does not fail on a time. Here each must be decided (a
 * boolean, no exception) and decided right, by oracles that are not the
 * validator: ECMAScript's own RegExp, a Set, the length a format allows.
 */
const SEED = 20_261_201;
const SIZES = [2_048, 32_768] as const;
const hunt = slowInputCandidates(SEED, 12);

function validatorOf(property: object): (data: unknown) => unknown {
  const compiled = compileInputSchema({ type: 'object', properties: { v: property } });
  if (!compiled.ok) throw new Error(compiled.problem);
  return compiled.value;
}

/** Every candidate string of the hunt, whichever target drew it: patterns are checked on all of them. */
const everyCandidate: readonly SlowInputParts[] = hunt.flatMap(({ candidates }) => candidates);

describe('the slow-input hunt, decided', () => {
  it('decides every adversarial argument of every keyword at 2 KB and 32 KB', () => {
    let decided = 0;
    for (const { target, candidates } of hunt) {
      const validate = validatorOf(target.property);
      for (const parts of candidates) {
        for (const size of SIZES) {
          const verdict = validate({ v: target.wrap(buildSlowInput(parts, size)) });
          expect(typeof verdict, `${target.name} ${JSON.stringify(parts)} at ${String(size)}`).toBe(
            'boolean',
          );
          decided++;
        }
      }
    }
    expect(hunt.map(({ target }) => target.name)).toEqual(TARGETS.map((target) => target.name));
    expect(decided).toBe(TARGETS.length * 12 * SIZES.length);
  });

  it('matches a pattern as ECMAScript does, and patternProperties as its complement, on every candidate', () => {
    let matched = 0;
    let unmatched = 0;
    for (const pattern of PATTERNS) {
      const asPattern = validatorOf({ type: 'string', pattern });
      const asKey = validatorOf({
        type: 'object',
        patternProperties: { [pattern]: { type: 'integer' } },
      });
      const native = new RegExp(pattern, 'u');
      for (const parts of everyCandidate) {
        // ECMAScript's RegExp backtracks: at 12 characters even (a+)+$ answers at once.
        const short = buildSlowInput(parts, 12);
        expect(asPattern({ v: short }), `${pattern} on ${JSON.stringify(short)}`).toBe(
          native.test(short),
        );
        for (const size of SIZES) {
          const text = buildSlowInput(parts, size);
          const verdict = asPattern({ v: text });
          if (verdict === true) matched++;
          else unmatched++;
          // The key matches, so its value "x" must be an integer: refused exactly when the pattern matches.
          expect(asKey({ v: { [text]: 'x' } }), `${pattern} on ${JSON.stringify(parts)}`).toBe(
            verdict !== true,
          );
        }
      }
    }
    // Both verdicts ran at the large sizes.
    expect(matched).toBeGreaterThan(500);
    expect(unmatched).toBeGreaterThan(500);
  });

  it('refuses repeated items and allows distinct ones under uniqueItems', () => {
    const validate = validatorOf({ type: 'array', uniqueItems: true });
    const candidates = hunt
      .filter(({ target }) => target.name.startsWith('uniqueItems'))
      .flatMap((drawn) => drawn.candidates);
    expect(candidates).toHaveLength(24);
    let refused = 0;
    let allowed = 0;
    for (const parts of candidates) {
      for (const size of SIZES) {
        const chars = buildSlowInput(parts, size).split('');
        const strings = validate({ v: chars });
        expect(strings).toBe(new Set(chars).size === chars.length);
        if (strings === true) allowed++;
        else refused++;
        // Each object carries its own index: all distinct.
        expect(validate({ v: chars.map((char, i) => ({ [char]: i })) })).toBe(true);
        allowed++;
      }
    }
    expect(refused).toBe(candidates.length * SIZES.length);
    expect(allowed).toBe(candidates.length * SIZES.length);
  });

  it('refuses every argument of 2 KB or more for the formats whose text is bounded', () => {
    // date: 10 characters; ipv4 at most 15, ipv6 45, uuid 45 (with urn:uuid:); hostname 253 (RFC 1123).
    for (const format of ['date', 'ipv4', 'ipv6', 'uuid', 'hostname']) {
      const validate = validatorOf({ type: 'string', format });
      for (const parts of everyCandidate) {
        for (const size of SIZES) {
          expect(
            validate({ v: buildSlowInput(parts, size) }),
            `${format} ${JSON.stringify(parts)}`,
          ).toBe(false);
        }
      }
    }
  });
});
