import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGate, createGrant, createRun, type Refusal } from '../../src/index.js';
import { aCall, aRunRegistry, callsTurn, RUN_GRANT } from '../helpers/runBuilders.js';
import { runs } from '../helpers/testEnv.js';

// Fixed seed: the same 10 000 cases on every run, so a failure always reproduces.
const RUNS = { numRuns: runs(10_000), seed: 20_261_203 } as const;

const registry = aRunRegistry();
const gate = createGate({ registry });
const grants = [
  createGrant(RUN_GRANT),
  createGrant({ ...RUN_GRANT, folders: ['/srv', '!.env', '!/srv/keys/**'] }),
  createGrant({ ...RUN_GRANT, secrets: ['*', '!DB_*'], budgets: { callsPerTurn: 2 } }),
];

/** Calls a model might propose: granted, ungranted, denied, badly shaped. */
const call = fc.oneof(
  fc.constantFrom('q', 'r').map((query) => aCall('search', { query })),
  fc.constant(aCall('search', { query: 1 })),
  fc.constant(aCall('web-search', { query: 'x' }, 2)),
  fc
    .constantFrom('/srv/a', '/srv/app/.env', '/srv/keys/k', '/etc/passwd', 'rel')
    .map((path) => aCall('files/read', { path })),
  fc
    .constantFrom('https://example.com/', 'https://evil.com/')
    .map((url) => aCall('net/get', { url })),
  fc.constantFrom('APP_KEY', 'DB_ROOT', 'tok_1').map((secret) => aCall('vault/use', { secret })),
);
const turn = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.array(call, { minLength: 1, maxLength: 3 }).map((calls) => callsTurn(...calls)),
  },
  { weight: 1, arbitrary: fc.constant({ answer: 'done' }) },
  { weight: 1, arbitrary: fc.constantFrom('{"calls": [', '{"calls": []}', 42) },
);

/** A refusal's decision, without what may differ by run (nothing should). */
const decisionOf = (refusal: Refusal | undefined) => refusal && { ...refusal };

describe('audit mode (properties)', () => {
  it('decides exactly what enforce mode decides: same refusals, turn by turn and call by call', () => {
    fc.assert(
      fc.property(
        fc.nat(grants.length - 1),
        fc.array(turn, { minLength: 1, maxLength: 3 }),
        (which, turns) => {
          const grant = grants[which] ?? grants[0];
          if (grant === undefined) throw new Error('no grant');
          const enforced = createRun({ gate, grant, cwd: '/srv/app' });
          const audited = createRun({ gate, grant, cwd: '/srv/app', enforce: false });
          for (const proposed of turns) {
            const kept = enforced.propose(proposed);
            const seen = audited.propose(proposed);
            expect(seen.audit).toBe(true);
            expect(kept).not.toHaveProperty('audit');
            if (kept.settled === 'rejected') {
              const malformed = kept.refusal.code === 'malformed_proposal';
              // A malformed turn stays rejected; any other refusal is let through as a tool turn.
              expect(seen.settled).toBe(malformed ? 'rejected' : 'tool');
              expect(decisionOf(malformed ? seen.refusal : seen.wouldRefuse)).toEqual(
                decisionOf(kept.refusal),
              );
              if (!malformed) expect(seen.wouldSettle).toBe('rejected');
              continue;
            }
            expect(seen.settled).toBe(kept.settled);
            expect(seen).not.toHaveProperty('wouldRefuse');
            expect(seen.calls).toEqual(kept.calls);
            (kept.calls ?? []).forEach((authorized, index) => {
              const enforcedVerdict = enforced.dispatch(authorized);
              const auditedVerdict = audited.dispatch(seen.calls?.[index]);
              expect(auditedVerdict.allowed).toBe(true);
              expect(
                decisionOf(
                  auditedVerdict.allowed ? auditedVerdict.wouldRefuse : auditedVerdict.refusal,
                ),
              ).toEqual(decisionOf(enforcedVerdict.allowed ? undefined : enforcedVerdict.refusal));
            });
          }
          const byCode = (run: typeof enforced) => run.summary().steps.default?.byCode ?? {};
          // Would-be refusals count where refusals do; audit also counts turns enforce could not reach.
          for (const [code, count] of Object.entries(byCode(enforced)))
            expect(byCode(audited)[code as keyof ReturnType<typeof byCode>]).toBeGreaterThanOrEqual(
              count,
            );
          expect(audited.summary().settled.dead_lettered).toBe(0);
        },
      ),
      RUNS,
    );
  });
});
