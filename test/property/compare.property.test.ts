import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGrant } from '../../src/index.js';
import { deadline } from '../helpers/testEnv.js';
import {
  HOSTS,
  PATTERNS,
  PIN,
  REFS,
  RUNS,
  grant,
  list,
  pair,
  witnessesOf,
  expectScopeLaw,
} from './compareUniverse.js';

describe('compareGrants laws', () => {
  it(
    'network: every witness is allowed by after and refused by before; none missed',
    () => {
      const network = list(fc.constantFrom(...PATTERNS)).map((entries) => ({ network: entries }));
      fc.assert(
        fc.property(pair(grant(network)), ([before, after]) => {
          expectScopeLaw(
            before,
            after,
            'network',
            HOSTS.map((host) => ['host', host] as const),
          );
        }),
        RUNS,
      );
      // About 48 s on a slow 2-core machine under the full suite: near the default 60 s.
    },
    deadline(180_000),
  );

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
