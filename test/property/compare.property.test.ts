import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareGrants, createGrant, type Grant, type GrantSpec } from '../../src/index.js';
import { oracleAllows } from '../compare/oracle.js';

// SPEC §11 asks two things of compareGrants, checked here over finite
// universes of values, each decided by an oracle gate independent of
// compareGrants' own probe:
// - sound: every witness is allowed by `after` and refused by `before`;
// - complete: when some value of the universe is allowed by `after` and
//   refused by `before`, the answer is not `subset` (and names that kind).
const RUNS = { numRuns: Number(process.env.COMPARE_RUNS ?? 10_000), seed: 20_261_201 } as const;

const PATHS = [
  '/a',
  '/a/b',
  '/a/b/c',
  '/a/bb',
  '/a/x.pem',
  '/a/b/x.pem',
  '/a/b/c/d.pem',
  '/a/.env',
  '/a/b/.env',
  '/a/.git',
  '/a/.git/config',
  '/a/keys/k.pem',
  '/c',
  '/c/b',
  '/c/b/y',
  '/d',
  '/',
];
const ROOTS = ['/', '/a', '/a/b', '/c', '/a/keys'];
const GLOBS = [
  '!*.pem',
  '!b',
  '!b/**',
  '!/a/b/x.pem',
  '!**/.env',
  '!.git',
  '!keys/*.pem',
  '!/c/**',
  '!*',
];
const HOSTS = [
  'a.com:443',
  'a.com:80',
  'b.a.com:443',
  'c.b.a.com:80',
  'x.com:443',
  'x.com:8443',
  '10.1.2.3:443',
  '10.0.0.0:80',
  '11.0.0.1:443',
  '127.0.0.1:80',
  '8.8.8.8:443',
  '[fd00::1]:443',
  '[::1]:443',
  'localhost:80',
  'a.localhost:80',
];
const PATTERNS = [
  '*',
  'a.com',
  '*.a.com',
  'a.com:443',
  '10.0.0.0/8',
  '10.0.0.0/16',
  '127.0.0.1',
  '[fd00::]/8',
  'x.com:8443',
  '!*.a.com',
  '!10.0.0.0/8',
  '!b.a.com',
  '!a.com:80',
  '!*',
];
const SECRETS = ['AWS_KEY', 'AWS_SECRET', 'AWS_X', 'AWS_', 'GH_TOKEN', 'OTHER', 'A'];
const SECRET_ENTRIES = ['*', 'AWS_*', 'AWS_KEY', 'GH_TOKEN', 'A*', '!AWS_KEY', '!AWS_S*', '!*'];
const REFS = ['a@1', 'b@1', 'c@2'];
const PIN = `#sha256:${'a'.repeat(64)}`;

const folderEntry = fc.oneof(
  fc.constantFrom(...ROOTS),
  fc.record({ path: fc.constantFrom(...ROOTS), access: fc.constantFrom('read', 'write') }),
  fc.constantFrom(...GLOBS),
);
const list = <T>(item: fc.Arbitrary<T>) => fc.array(item, { maxLength: 4 });
const grant = (spec: fc.Arbitrary<GrantSpec>) => spec.map((value) => createGrant(value));
const pair = <T>(arb: fc.Arbitrary<T>) => fc.tuple(arb, arb);

function witnessesOf(before: Grant, after: Grant) {
  const result = compareGrants(before, after);
  return result.subset ? [] : result.widenings;
}

describe('compareGrants laws', () => {
  it('folders: every witness is allowed by after and refused by before; none missed', () => {
    fc.assert(
      fc.property(
        pair(grant(list(folderEntry).map((folders) => ({ folders })))),
        ([before, after]) => {
          const widenings = witnessesOf(before, after);
          for (const widening of widenings) {
            expect(widening.kind).toBe('folder');
            if (widening.kind !== 'folder') continue;
            const { path, access } = widening.witness;
            expect(oracleAllows(after, access, path)).toBe(true);
            expect(oracleAllows(before, access, path)).toBe(false);
          }
          const missed = PATHS.flatMap((path) =>
            (['read', 'write'] as const).filter(
              (access) => oracleAllows(after, access, path) && !oracleAllows(before, access, path),
            ),
          );
          if (missed.length > 0) expect(widenings.length).toBeGreaterThan(0);
        },
      ),
      RUNS,
    );
  });

  it('network: every witness is allowed by after and refused by before; none missed', () => {
    const network = list(fc.constantFrom(...PATTERNS)).map((entries) => ({ network: entries }));
    fc.assert(
      fc.property(pair(grant(network)), ([before, after]) => {
        const widenings = witnessesOf(before, after);
        for (const widening of widenings) {
          expect(widening.kind).toBe('network');
          if (widening.kind !== 'network') continue;
          expect(oracleAllows(after, 'host', widening.witness)).toBe(true);
          expect(oracleAllows(before, 'host', widening.witness)).toBe(false);
        }
        const missed = HOSTS.some(
          (host) => oracleAllows(after, 'host', host) && !oracleAllows(before, 'host', host),
        );
        if (missed) expect(widenings.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it('secrets: every witness is allowed by after and refused by before; none missed', () => {
    const secrets = list(fc.constantFrom(...SECRET_ENTRIES)).map((entries) => ({
      secrets: entries,
    }));
    fc.assert(
      fc.property(pair(grant(secrets)), ([before, after]) => {
        const widenings = witnessesOf(before, after);
        for (const widening of widenings) {
          expect(widening.kind).toBe('secret');
          if (widening.kind !== 'secret') continue;
          expect(oracleAllows(after, 'secret', widening.witness)).toBe(true);
          expect(oracleAllows(before, 'secret', widening.witness)).toBe(false);
        }
        const missed = SECRETS.some(
          (name) => oracleAllows(after, 'secret', name) && !oracleAllows(before, 'secret', name),
        );
        if (missed) expect(widenings.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it('tools, approvals and budgets: exactly the refs and budgets after widens', () => {
    const spec = fc
      .record({
        tools: fc
          .subarray(REFS)
          .chain((refs) =>
            fc.tuple(
              fc.constant(refs),
              fc.array(fc.boolean(), { minLength: refs.length, maxLength: refs.length }),
            ),
          ),
        ask: fc.subarray(REFS),
        turns: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
      })
      .map(({ tools: [refs, pins], ask, turns }) => ({
        tools: refs.map((ref, index) => (pins[index] === true ? `${ref}${PIN}` : ref)),
        ask: ask.filter((ref) => refs.includes(ref)),
        ...(turns === undefined ? {} : { budgets: { turns } }),
      }));
    fc.assert(
      fc.property(spec, spec, (beforeSpec, afterSpec) => {
        const widenings = witnessesOf(createGrant(beforeSpec), createGrant(afterSpec));
        const pinned = (tools: readonly string[], ref: string) => tools.includes(`${ref}${PIN}`);
        const granted = (tools: readonly string[], ref: string) =>
          tools.includes(ref) || pinned(tools, ref);
        const expected = [
          ...REFS.filter((ref) => granted(afterSpec.tools, ref)).flatMap((ref) => {
            const entry = pinned(afterSpec.tools, ref) ? `${ref}${PIN}` : ref;
            if (
              !granted(beforeSpec.tools, ref) ||
              (pinned(beforeSpec.tools, ref) && !pinned(afterSpec.tools, ref))
            )
              return [{ kind: 'tool', ref, entry }];
            return beforeSpec.ask.includes(ref) && !afterSpec.ask.includes(ref)
              ? [{ kind: 'ask', ref, entry }]
              : [];
          }),
        ];
        const widened = (before?: number, after?: number) =>
          before !== undefined && (after === undefined || after > before);
        expect(
          widenings
            .filter((w) => w.kind === 'tool' || w.kind === 'ask')
            .map((w) => ({ kind: w.kind, ref: w.witness, entry: w.entry })),
        ).toEqual(
          afterSpec.tools
            .map((entry) => expected.find((item) => item.entry === entry))
            .filter((item) => item !== undefined),
        );
        expect(widenings.some((w) => w.kind === 'budget')).toBe(
          widened(beforeSpec.budgets?.turns, afterSpec.budgets?.turns),
        );
      }),
      RUNS,
    );
  });
});
