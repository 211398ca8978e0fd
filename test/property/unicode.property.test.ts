import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGate, createGrant, type Grant } from '../../src/index.js';
import { aGateRegistry, aTurn } from '../gate/fixtures.js';
import { enough, runs } from '../helpers/testEnv.js';

/**
 * SPEC §14.1 "Unicode spellings", generated: a server that opens a
 * Unicode-equivalent name reaches the file every spelling of a path names,
 * so a spelling may never be allowed where its NFC form is refused (the
 * attack), and with deny globs that hold no `?` every spelling is decided
 * alike (no false refusal).
 */

const RUNS = { numRuns: runs(5_000), seed: 20_261_202 } as const;
const gate = createGate({ registry: aGateRegistry() });

/** Names, each with the spellings a person or an attacker may write for it. */
const NAMES: readonly (readonly string[])[] = [
  ['Verträge'.normalize('NFC'), 'Verträge'.normalize('NFD')],
  ['Keys', '\u212Aeys'],
  ['Café'.normalize('NFC'), 'Café'.normalize('NFD')],
  ['Bücher'.normalize('NFC'), 'Bücher'.normalize('NFD')],
  ['\u00C5', 'A\u030A', '\u212B'],
  ['\u03A9', '\u2126'],
  ['a'],
  ['x.pem'],
];
const ROOTS = ['/srv', '/srv/Bücher'.normalize('NFD'), '/srv/Bücher'.normalize('NFC')];
const EXACT_DENIES = [
  '!**/Verträge/**',
  '!**/Keys',
  '!Café'.normalize('NFD'),
  '!**/\u212B/**',
  '!*.pem',
  `!${'Bücher'.normalize('NFD')}/Keys`,
  '!/srv/\u2126',
];
const WILD_DENIES = ['!**/A?', '!**/Caf?', '!**/[ÅA]*'];

/** A path of names, and for each name the spelling picked. */
const aPath = fc.array(fc.tuple(fc.nat({ max: NAMES.length - 1 }), fc.nat()), {
  minLength: 1,
  maxLength: 4,
});
const spell = (
  parts: readonly (readonly [number, number])[],
  pick: (n: number, choice: number) => number,
) =>
  '/srv/' +
  parts
    .map(([name, choice]) => {
      const spellings = NAMES[name] ?? ['a'];
      return spellings[pick(spellings.length, choice)] ?? 'a';
    })
    .join('/');

const grants = new Map<string, Grant>();
function canRead(folders: readonly string[], path: string, tool = 'fs-read'): boolean {
  const key = JSON.stringify(folders);
  let grant = grants.get(key);
  if (grant === undefined) {
    grant = createGrant({ tools: ['fs-read@1', 'fs-write@1'], folders });
    grants.set(key, grant);
  }
  const args = tool === 'fs-read' ? { path } : { path, content: 'x' };
  return gate.authorize(aTurn(tool, args), { grant }).settled === 'tool';
}

describe('Unicode spellings (SPEC §14.1, properties)', () => {
  it('decides every spelling of a path as its NFC form when no deny glob holds a "?"', () => {
    let refused = 0;
    let respelled = 0;
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...ROOTS), { minLength: 1, maxLength: 2 }),
        fc.uniqueArray(fc.constantFrom(...EXACT_DENIES), { maxLength: 3 }),
        aPath,
        fc.constantFrom('fs-read', 'fs-write'),
        (roots, denies, parts, tool) => {
          const folders = [...roots, ...denies];
          const written = spell(parts, (count, choice) => choice % count);
          const nfc = written.normalize('NFC');
          const decision = canRead(folders, nfc, tool);
          if (!decision) refused++;
          if (written !== nfc) respelled++;
          expect(canRead(folders, written, tool), `${tool} ${JSON.stringify(written)}`).toBe(
            decision,
          );
          expect(canRead(folders, written.normalize('NFD'), tool)).toBe(decision);
        },
      ),
      RUNS,
    );
    expect(refused).toBeGreaterThan(enough(1_000, 5_000));
    expect(respelled).toBeGreaterThan(enough(1_000, 5_000));
  });

  it('never allows a spelling whose NFC form a deny entry refuses, whatever the globs', () => {
    let attacks = 0;
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...ROOTS), { minLength: 1, maxLength: 2 }),
        fc.uniqueArray(fc.constantFrom(...EXACT_DENIES, ...WILD_DENIES), { maxLength: 3 }),
        aPath,
        (roots, denies, parts) => {
          const folders = [...roots, ...denies];
          const written = spell(parts, (count, choice) => choice % count);
          const forms = [written, written.normalize('NFC'), written.normalize('NFD')];
          // Refused in one form => refused in every form: the server may open any of them.
          if (forms.some((form) => !canRead(folders, form))) {
            attacks++;
            for (const form of forms)
              expect(canRead(folders, form), JSON.stringify(form)).toBe(false);
          }
        },
      ),
      RUNS,
    );
    expect(attacks).toBeGreaterThan(enough(1_000, 5_000));
  });
});
