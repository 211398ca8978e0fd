import { ToolgateError } from '../errors/ToolgateError.js';
import { compiledGrantOf } from '../grant/compiledGrant.js';
import { createGrant } from '../grant/createGrant.js';
import { folderDeniesOf, folderRootsOf } from '../grant/folderRootsOf.js';
import type { Budgets, FolderGrant, Grant } from '../grant/types.js';
import { anchorFolderDeny } from '../scope/folder/anchorFolderDeny.js';
import type { CanonicalPath } from '../scope/path/index.js';
import { meetFolderGrants } from './meetFolderGrants.js';
import { meetToolEntries } from './meetToolEntries.js';
import { meetHostPatterns } from './meetHostPatterns.js';
import { meetSecretEntries } from './meetSecretEntries.js';

/**
 * What may a subagent do when both its parent's grant and its own allow it?
 * Returns a new grant made by `createGrant` that allows exactly what both
 * allow, never more than either:
 *
 * - tools: the refs in both, in the child's order (the child's menu order),
 *   with either side's pin and either side's `ask` (rev 2);
 * - folders, hosts, secrets: for each pair of entries, the narrower entry when
 *   one sits inside the other (folders take the weaker access; hosts the
 *   narrower port), nothing otherwise. These patterns form trees, so the
 *   result is exact, not an approximation;
 * - deny entries (rev 2): every deny of either grant, so what one takes away
 *   stays away: (A₁ \ D₁) ∩ (A₂ \ D₂) = (A₁ ∩ A₂) \ (D₁ ∪ D₂). Network and
 *   secret denies carry over as written; a relative folder deny is first
 *   anchored at each root of its own grant (`anchorFolderDeny`), since the
 *   result has other roots;
 * - budgets: the smaller of each (a missing budget is unlimited).
 *
 * Throws `ToolgateError` (`invalid_grant`) when either is not made by `createGrant`.
 *
 * // ({ tools: [a@1, b@1], folders: ['/srv'] }, { tools: [b@1, c@1], folders: [{ path: '/srv/out', access: 'read' }] })
 * //   => { tools: [b@1], folders: [{ path: '/srv/out', access: 'read' }] }
 */
export function intersectGrants(parent: Grant, child: Grant): Grant {
  const parentCompiled = compiledGrantOf(parent);
  const childCompiled = compiledGrantOf(child);
  if (parentCompiled === undefined || childCompiled === undefined) {
    throw new ToolgateError(
      'invalid_grant',
      'intersectGrants needs two grants made by createGrant(spec)',
    );
  }
  const budgets = intersectBudgets(parent.budgets, child.budgets);
  // Pins and approvals carry over: a subagent never loses one its parent or its own grant has.
  const { tools, ask } = meetToolEntries(parentCompiled, childCompiled, child);
  return createGrant({
    tools,
    ...(ask.length === 0 ? {} : { ask }),
    folders: [
      ...dedupeFolders(meetAll(folderRootsOf(child), folderRootsOf(parent), meetFolderGrants)),
      ...unique([...anchoredDenies(child), ...anchoredDenies(parent)]),
    ],
    // (rev 2) deny entries: the union of both sides', so nothing either denies comes back
    network: [
      ...meetAll(childCompiled.hostPatterns, parentCompiled.hostPatterns, meetHostPatterns).flat(),
      ...[...childCompiled.hostDenies, ...parentCompiled.hostDenies].map((deny) => `!${deny.text}`),
    ],
    secrets: [
      ...meetAll(allows(child.secrets), allows(parent.secrets), meetSecretEntries),
      ...unique([...child.secrets, ...parent.secrets].filter(isDeny)),
    ],
    ...(budgets === undefined ? {} : { budgets }),
  });
}

/** The meet of every pair, in the child's order, skipping pairs that share nothing. */
function meetAll<T, R>(
  child: readonly T[],
  parent: readonly T[],
  meet: (x: T, y: T) => R | undefined,
): R[] {
  const meets: R[] = [];
  for (const x of child) {
    for (const y of parent) {
      const result = meet(x, y);
      if (result !== undefined) meets.push(result);
    }
  }
  return meets;
}

/** A grant's folder denies as absolute globs, anchored at its own roots. */
function anchoredDenies(grant: Grant): string[] {
  const roots = folderRootsOf(grant).map((folder) => folder.path as CanonicalPath);
  return folderDeniesOf(grant).flatMap((entry) => anchorFolderDeny(entry, roots));
}

function isDeny(entry: string): boolean {
  return entry.startsWith('!');
}

function allows(entries: readonly string[]): string[] {
  return entries.filter((entry) => !isDeny(entry));
}

function unique(entries: readonly string[]): string[] {
  return [...new Set(entries)];
}

function dedupeFolders(folders: readonly FolderGrant[]): FolderGrant[] {
  const seen = new Map(folders.map((folder) => [`${folder.access} ${folder.path}`, folder]));
  return [...seen.values()];
}

/** The smaller of each budget; a budget missing on one side is the other's. */
function intersectBudgets(x: Budgets | undefined, y: Budgets | undefined): Budgets | undefined {
  if (x === undefined) return y;
  if (y === undefined) return x;
  const turns = smaller(x.turns, y.turns);
  const toolCalls = smaller(x.toolCalls, y.toolCalls);
  const callsPerTurn = smaller(x.callsPerTurn, y.callsPerTurn);
  return {
    ...(turns === undefined ? {} : { turns }),
    ...(toolCalls === undefined ? {} : { toolCalls }),
    ...(callsPerTurn === undefined ? {} : { callsPerTurn }),
  };
}

function smaller(x: number | undefined, y: number | undefined): number | undefined {
  if (x === undefined) return y;
  return y === undefined ? x : Math.min(x, y);
}
