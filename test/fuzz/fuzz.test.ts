import { describe, expect, it } from 'vitest';
import { runFuzz } from './fuzzGate.js';
import { ORACLE_SCOPES } from './setup.js';
import { runs } from '../helpers/testEnv.js';

/**
 * The fuzzer at CI budget: 20 000 proposals on a fixed seed (about 4 s).
 * `npm run fuzz` runs 1 000 000. FUZZ_PROPOSALS and FUZZ_SEED change either.
 */
const proposals = Number(process.env.FUZZ_PROPOSALS ?? Math.max(2_000, runs(20_000)));
const seed = Number(process.env.FUZZ_SEED ?? runs(20_261_130));

describe('fuzzing the gate', () => {
  it(`lets nothing invalid through, refuses nothing valid and never throws over ${proposals} proposals`, () => {
    const report = runFuzz({ proposals, seed });
    console.log(
      `fuzz: ${report.proposals} proposals in ${(report.ms / 1000).toFixed(1)} s ` +
        `(${Math.round(report.proposals / (report.ms / 1000))}/s); authorize settled ${JSON.stringify(report.settled)}; ` +
        `checkDispatch ${report.dispatched.allowed}/${report.dispatched.calls} allowed (forged ${report.forged.allowed}/${report.forged.calls}); ` +
        `${report.exceptions} exceptions, ${report.escapes} escapes, ${report.falseRefusals} false refusals, ${report.inconsistencies} inconsistencies; ` +
        `path calls by context ${JSON.stringify(report.pathVerdicts)}`,
    );
    expect(report.samples).toEqual([]);
    expect(report.exceptions).toBe(0);
    expect(report.escapes).toBe(0);
    expect(report.falseRefusals).toBe(0);
    expect(report.inconsistencies).toBe(0);
    // Not vacuous: every family ran, and allows as well as refusals were common.
    expect(Object.keys(report.families)).toHaveLength(9);
    expect(report.settled.tool).toBeGreaterThan(proposals / 20);
    expect(report.settled.rejected).toBeGreaterThan(proposals / 4);
    expect(report.forged.allowed).toBeGreaterThan(proposals / 500);
    expect(report.judged).toBeGreaterThan(proposals * 0.8);
    // The path model (SPEC §13, §14.1) bites: each such context allowed and refused path calls,
    // and every reading family was refused somewhere (at least once per 20 000 proposals).
    const pathContexts = ORACLE_SCOPES.flatMap((scope, index) =>
      scope.denies !== undefined || scope.links !== undefined ? [index] : [],
    );
    expect(pathContexts).toHaveLength(3);
    const reasons: Record<string, number> = {};
    for (const index of pathContexts) {
      const tally = report.pathVerdicts[index] ?? {};
      const refused = Object.entries(tally).filter(([key]) => key !== 'allowed');
      expect(tally.allowed ?? 0).toBeGreaterThan(proposals / 200);
      expect(refused.reduce((sum, [, count]) => sum + count, 0)).toBeGreaterThan(proposals / 200);
      for (const [key, count] of refused) reasons[key] = (reasons[key] ?? 0) + count;
    }
    for (const reason of [
      'path denied',
      'path denied (NFC)',
      'path deny-ancestor',
      'symlink-dotdot',
      'real path outside',
      'real path outside (NFC)',
      'real path outside (NFD)',
      'real path denied',
      'real path deny-ancestor',
      'realpath refused',
    ])
      expect(reasons[reason] ?? 0, reason).toBeGreaterThanOrEqual(Math.floor(proposals / 20_000));
  });
});
