import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareGrants, createGrant, type GrantSpec } from '../../src/index.js';
import { oracleAllows } from '../compare/oracle.js';
import { runs } from '../helpers/testEnv.js';
import {
  HOSTS,
  PATHS,
  PATTERNS,
  PIN,
  REFS,
  SECRETS,
  SECRET_ENTRIES,
  folderEntry,
  list,
  type Probed,
} from './compareUniverse.js';

/**
 * SPEC §14.3, issue 28: one differential law over whole grants. Each pair
 * mixes every kind (tools with pins, asks, folders with deny globs, hosts
 * with wildcards, CIDR and denies, secrets with prefixes and denies,
 * budgets), and each run adds generated paths to the fixed universe. Brute
 * force (the oracle gate per value, the spec text per ref and budget)
 * decides whether `after` allows anything `before` refuses; compareGrants
 * must never say subset then, and every widening it reports must hold.
 */
const aSpec: fc.Arbitrary<GrantSpec> = fc
  .record({
    refs: fc.subarray(REFS),
    pins: fc.array(fc.boolean(), { minLength: REFS.length, maxLength: REFS.length }),
    ask: fc.subarray(REFS),
    folders: list(folderEntry),
    network: list(fc.constantFrom(...PATTERNS)),
    secrets: list(fc.constantFrom(...SECRET_ENTRIES)),
    turns: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
    toolCalls: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  })
  .map(({ refs, pins, ask, folders, network, secrets, turns, toolCalls }) => ({
    tools: refs.map((ref) => (pins[REFS.indexOf(ref)] === true ? `${ref}${PIN}` : ref)),
    ask: ask.filter((ref) => refs.includes(ref)),
    folders,
    network,
    secrets,
    ...(turns === undefined && toolCalls === undefined
      ? {}
      : {
          budgets: {
            ...(turns === undefined ? {} : { turns }),
            ...(toolCalls === undefined ? {} : { toolCalls }),
          },
        }),
  }));

/** More paths for one run: segments the roots and globs of the universe name, and others. */
const extraPaths = fc.array(
  fc
    .array(fc.constantFrom('a', 'b', 'c', 'keys', 'x.pem', 'k.pem', '.env', '.git', 'z', 'bb'), {
      minLength: 1,
      maxLength: 4,
    })
    .map((segments) => `/${segments.join('/')}`),
  { maxLength: 6 },
);

const granted = (tools: readonly string[], ref: string) =>
  tools.includes(ref) || tools.includes(`${ref}${PIN}`);
const pinned = (tools: readonly string[], ref: string) => tools.includes(`${ref}${PIN}`);

/** Does `after`'s budget of this name allow more than `before`'s (unlimited is more than any)? */
const budgetWider = (before?: number, after?: number) =>
  before !== undefined && (after === undefined || after > before);

describe('compareGrants: one law over whole grants (SPEC §14.3)', () => {
  it('never says subset when after allows anything before refuses; every widening holds', () => {
    fc.assert(
      fc.property(aSpec, aSpec, extraPaths, (beforeSpec, afterSpec, extra) => {
        const before = createGrant(beforeSpec);
        const after = createGrant(afterSpec);
        const result = compareGrants(before, after);
        const [bt, at] = [beforeSpec.tools ?? [], afterSpec.tools ?? []];
        const widerRefs = REFS.filter(
          (ref) =>
            granted(at, ref) &&
            (!granted(bt, ref) ||
              (pinned(bt, ref) && !pinned(at, ref)) ||
              (beforeSpec.ask?.includes(ref) === true && afterSpec.ask?.includes(ref) !== true)),
        );
        const widerBudget =
          budgetWider(beforeSpec.budgets?.turns, afterSpec.budgets?.turns) ||
          budgetWider(beforeSpec.budgets?.toolCalls, afterSpec.budgets?.toolCalls);
        const universe: Probed[] = [
          ...[...PATHS, ...extra].flatMap((path) => [
            ['read', path] as const,
            ['write', path] as const,
          ]),
          ...HOSTS.map((host) => ['host', host] as const),
          ...SECRETS.map((name) => ['secret', name] as const),
        ];
        const missed = universe.filter(
          ([probe, value]) =>
            oracleAllows(after, probe, value) && !oracleAllows(before, probe, value),
        );
        if (result.subset) {
          // No false subset, ever: brute force finds nothing wider.
          expect({ refs: widerRefs, budget: widerBudget, missed }).toEqual({
            refs: [],
            budget: false,
            missed: [],
          });
          return;
        }
        expect(result.widenings.length).toBeGreaterThan(0);
        for (const widening of result.widenings) {
          if (widening.kind === 'tool' || widening.kind === 'ask')
            expect(widerRefs).toContain(widening.witness);
          else if (widening.kind === 'budget') expect(widerBudget).toBe(true);
          // These grants have no flows: a flow widening would be a false alarm.
          else if (widening.kind === 'flow') expect(widening).toBeUndefined();
          else if (widening.kind === 'folder' && widening.undecided === true)
            expect(oracleAllows(before, 'read', widening.witness.path)).toBe(false);
          else {
            const [probe, value]: Probed =
              widening.kind === 'folder'
                ? [widening.witness.access, widening.witness.path]
                : [widening.kind === 'network' ? 'host' : 'secret', widening.witness];
            expect(oracleAllows(after, probe, value), `${probe} ${value}`).toBe(true);
            expect(oracleAllows(before, probe, value), `${probe} ${value}`).toBe(false);
          }
        }
        // Every kind brute force finds wider is named.
        const kinds = new Set(result.widenings.map((widening) => widening.kind));
        if (widerRefs.length > 0) expect(kinds.has('tool') || kinds.has('ask')).toBe(true);
        if (widerBudget) expect(kinds.has('budget')).toBe(true);
        for (const [probe] of missed)
          expect(
            kinds.has(probe === 'host' ? 'network' : probe === 'secret' ? 'secret' : 'folder'),
          ).toBe(true);
      }),
      { numRuns: runs(3_000), seed: 20_261_203 },
    );
  });
});
