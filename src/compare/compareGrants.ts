import { ToolgateError } from '../errors/ToolgateError.js';
import { compiledGrantOf, type CompiledGrant } from '../grant/compiledGrant.js';
import type { Grant } from '../grant/types.js';
import { budgetWidenings } from './budgetWidenings.js';
import { createProbe, type Probe } from './createProbe.js';
import { flowWidenings } from './flowWidenings.js';
import { scopeWidenings } from './scopeWidenings.js';
import { toolWidenings } from './toolWidenings.js';
import type { GrantComparison } from './types.js';

let probe: Probe | undefined;

/**
 * Does `after` allow anything `before` does not? (SPEC §11.) Tools, pins
 * and approvals are compared exactly; budgets by value; folder, network and
 * secret scopes by deciding, through the gate, a finite set of candidate
 * values that stands for every value (the literals of both grants and the
 * boundaries between them: see `folderCandidates`, `hostCandidates`,
 * `secretCandidates`). Every witness is allowed by `after` and refused by
 * `before` through the gate, so none is a false alarm. Lexical: symlinks
 * are not resolved.
 *
 * Throws `ToolgateError` (`invalid_grant`) when either is not made by `createGrant`.
 *
 * // compareGrants(createGrant({ tools: ['a@1'] }), createGrant({ tools: ['a@1', 'b@1'] }))
 * // => { subset: false, widenings: [{ kind: 'tool', entry: 'b@1', witness: 'b@1' }] }
 */
export function compareGrants(before: Grant, after: Grant): GrantComparison {
  const compiledBefore = compiledOrThrow(before, 'before');
  const compiledAfter = compiledOrThrow(after, 'after');
  probe ??= createProbe();
  const widenings = [
    ...toolWidenings(compiledBefore, compiledAfter, after),
    ...scopeWidenings(probe, before, after),
    ...flowWidenings(before, after),
    ...budgetWidenings(before.budgets, after.budgets),
  ];
  return widenings.length === 0
    ? Object.freeze({ subset: true })
    : Object.freeze({ subset: false, widenings: Object.freeze(widenings) });
}

function compiledOrThrow(grant: Grant, which: string): CompiledGrant {
  const compiled = compiledGrantOf(grant);
  if (compiled === undefined)
    throw new ToolgateError(
      'invalid_grant',
      `compareGrants: ${which} is not a grant made by createGrant; pass createGrant(spec)`,
    );
  return compiled;
}
