import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCaseVariantKeys } from '../../src/gate/findCaseVariantKeys.js';
import { foldKey } from '../../src/gate/foldKey.js';
import { runs } from '../helpers/testEnv.js';

/** The independent oracle: the JavaScript engine compares with simple case folding under /iu. */
const patterns = new Map<string, RegExp>();
function equalIgnoringCase(a: string, b: string): boolean {
  let pattern = patterns.get(a);
  if (pattern === undefined) {
    const chars = Array.from(a).map((c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`);
    pattern = new RegExp(`^${chars.join('')}$`, 'iu');
    if (patterns.size < 50_000) patterns.set(a, pattern);
  }
  return pattern.test(b);
}

/** Characters with interesting folds: ASCII letters, KELVIN SIGN, LONG S, Greek sigmas and thetas, ß/ẞ, Cherokee, dotted I. */
const SPECIALS = Array.from('kKsSaA\u212a\u017fσςΣθϑΘϴßẞİıiIꭰᎠǅǄǆµΜμ\u0345ιΙ');
const aKeyChar = fc.oneof(
  fc.constantFrom(...SPECIALS),
  fc.constantFrom(...Array.from('abcdefghijklmnopqrstuvwxyz_')),
  fc.integer({ min: 0x20, max: 0x2fff }).map((code) => String.fromCodePoint(code)),
);
const aKey = fc.array(aKeyChar, { minLength: 1, maxLength: 6 }).map((chars) => chars.join(''));

/** The characters a character may be swapped for: the members of its folding class we know of. */
const variantsOf = new Map<string, string[]>();
function optionsFor(char: string): string[] {
  let options = variantsOf.get(char);
  if (options === undefined) {
    const known = SPECIALS.includes(char) || char.charCodeAt(0) < 0x80 ? SPECIALS : [];
    options = [...new Set([char, char.toUpperCase(), char.toLowerCase(), ...known])].filter(
      (option) => Array.from(option).length === 1 && equalIgnoringCase(char, option),
    );
    variantsOf.set(char, options);
  }
  return options;
}

/** A case variant of a key: each character swapped for another member of its folding class, sometimes. */
const aVariantOf = (key: string) =>
  fc
    .array(fc.nat(), { minLength: Array.from(key).length, maxLength: Array.from(key).length })
    .map((picks) =>
      Array.from(key)
        .map((char, index) => {
          const options = optionsFor(char);
          return options[(picks[index] ?? 0) % options.length] ?? char;
        })
        .join(''),
    );

/** A key and a variant that differs from it in at least one character with a case partner. */
const aPair = fc
  .tuple(
    aKey,
    fc.constantFrom(
      ...[...SPECIALS, ...Array.from('abcxyz')].filter((char) => optionsFor(char).length > 1),
    ),
    aKey,
    fc.nat(),
  )
  .chain(([before, char, after, pick]) => {
    const others = optionsFor(char).filter((option) => option !== char);
    const swapped = others[pick % others.length] ?? char;
    return fc
      .tuple(aVariantOf(before), aVariantOf(after))
      .map(([left, right]) => [before + char + after, left + swapped + right] as const);
  });

describe('findCaseVariantKeys', () => {
  it('finds the pair in key order, and nothing in objects that do not repeat a key ignoring case', () => {
    expect(findCaseVariantKeys({ path: 1, PATH: 2 })).toEqual(['path', 'PATH']);
    expect(findCaseVariantKeys({ a: { b: [{ c: 1, C: 2 }] } })).toEqual(['c', 'C']);
    expect(findCaseVariantKeys({ path: 1, paths: 2, PAT: 3 })).toBeUndefined();
    expect(findCaseVariantKeys([1, 'x', null, { only: 1 }])).toBeUndefined();
    expect(findCaseVariantKeys('PATH')).toBeUndefined();
  });

  it('finds a pair whose only capitals are A or Z, the ends of the ASCII range it looks at, and a pair with no ASCII at all', () => {
    expect(findCaseVariantKeys({ a: 1, A: 2 })).toEqual(['a', 'A']);
    expect(findCaseVariantKeys({ z: 1, Z: 2 })).toEqual(['z', 'Z']);
    expect(findCaseVariantKeys({ 'z-1': 1, 'Z-1': 2 })).toEqual(['z-1', 'Z-1']);
    expect(findCaseVariantKeys({ σ: 1, Σ: 2 })).toEqual(['σ', 'Σ']);
    // @ and [ sit just outside A-Z and have no case: nothing to find.
    expect(findCaseVariantKeys({ '@': 1, '[': 2, '`': 3, '{': 4 })).toBeUndefined();
  });

  it('folds the two non-ASCII characters that reach ASCII, and leaves ß and dotted I alone', () => {
    expect(foldKey('\u212a')).toBe(foldKey('k'));
    expect(foldKey('\u017f')).toBe(foldKey('s'));
    expect(foldKey('ẞ')).toBe(foldKey('ß'));
    expect(foldKey('ß')).not.toBe(foldKey('ss'));
    expect(foldKey('İ')).not.toBe(foldKey('i'));
    expect(foldKey('ı')).not.toBe(foldKey('I'));
  });

  it('law: a case variant of any key beside it is always found (10,000 runs)', () => {
    fc.assert(
      fc.property(
        aPair,
        fc.dictionary(aKey, fc.integer(), { maxKeys: 4 }),
        fc.nat({ max: 3 }),
        ([key, variant], others, depth) => {
          expect(variant).not.toBe(key);
          let args: unknown = { ...others, [key]: 1, [variant]: 2 };
          for (let level = 0; level < depth; level++) args = { wrap: [args] };
          const found = findCaseVariantKeys(args);
          expect(found).toBeDefined();
          const [a, b] = found ?? ['', ''];
          expect(a).not.toBe(b);
          expect(equalIgnoringCase(a, b)).toBe(true);
        },
      ),
      { numRuns: runs(10_000) },
    );
  });

  it('law: it reports a pair exactly when the oracle sees one (10,000 runs)', () => {
    fc.assert(
      fc.property(fc.dictionary(aKey, fc.constant(0), { maxKeys: 6 }), (args) => {
        const keys = Object.keys(args);
        const oracle = keys.some((a, i) => keys.slice(i + 1).some((b) => equalIgnoringCase(a, b)));
        const found = findCaseVariantKeys(args);
        expect(found !== undefined).toBe(oracle);
        if (found !== undefined) expect(equalIgnoringCase(found[0], found[1])).toBe(true);
      }),
      { numRuns: runs(10_000) },
    );
  });

  it('law: foldKey agrees with the engine on pairs of single characters (10,000 runs)', () => {
    const aChar = fc.oneof(
      fc.constantFrom(...SPECIALS),
      fc
        .integer({ min: 0, max: 0x1ffff })
        .filter((c) => c < 0xd800 || c > 0xdfff)
        .map((c) => String.fromCodePoint(c)),
    );
    fc.assert(
      fc.property(aChar, aChar, (a, b) => {
        expect(foldKey(a) === foldKey(b)).toBe(equalIgnoringCase(a, b));
      }),
      { numRuns: runs(10_000) },
    );
  });
});
