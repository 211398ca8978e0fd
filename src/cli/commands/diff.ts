import { parseArgs } from 'node:util';
import { compareGrants } from '../../compare/compareGrants.js';
import type { GrantComparison, Widening } from '../../compare/types.js';
import { createGrant } from '../../grant/createGrant.js';
import type { Grant } from '../../grant/types.js';
import { EXIT } from '../exitCodes.js';
import { printable } from '../format/printable.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parseCommandArgs.js';
import { printJson, reportBadInput } from '../report.js';
import { loadPolicyOrReport } from './loadPolicyOrReport.js';
import { usageError } from './usageError.js';

const OPTIONS = { grant: { type: 'string' }, json: { type: 'boolean' } } as const;

/**
 * `toolgate diff OLD NEW [--grant NAME]`: does NEW allow anything OLD does
 * not (SPEC §11)? Compares the named grant of both files, or each grant of
 * NEW with the grant of the same name in OLD (a grant OLD lacks is compared
 * with an empty one, so all it allows is new). Prints every widening with
 * its witness. Exit 0 NEW ⊆ OLD, 1 NEW is wider, 2 bad input: fit for a
 * pull-request check.
 */
export function diff(args: readonly string[], io: CliIo): number {
  const json = args.includes('--json');
  const parsed = parseCommandArgs(() =>
    parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: true }),
  );
  if (!parsed.ok) return usageError(io, 'diff', parsed.problem, json);
  const [oldFile, newFile, ...extra] = parsed.value.positionals;
  if (oldFile === undefined || newFile === undefined)
    return usageError(io, 'diff', 'name two policy files: toolgate diff OLD NEW', json);
  if (extra.length > 0)
    return usageError(io, 'diff', `two policies only; unexpected ${extra.join(' ')}`, json);
  const before = loadPolicyOrReport(io, 'diff', oldFile, json, true);
  if (typeof before === 'number') return before;
  const after = loadPolicyOrReport(io, 'diff', newFile, json, true);
  if (typeof after === 'number') return after;

  const name = parsed.value.values.grant;
  const names = name === undefined ? [...after.grants.keys()] : [name];
  const results: { readonly grant: string; readonly comparison: GrantComparison }[] = [];
  for (const grant of names) {
    const now = after.grants.get(grant);
    const was = before.grants.get(grant);
    if (now === undefined || (name !== undefined && was === undefined)) {
      const file = now === undefined ? newFile : oldFile;
      const known = [...(now === undefined ? after : before).grants.keys()];
      return reportBadInput(
        io,
        json,
        `toolgate diff: ${file} has no grant ${JSON.stringify(grant)} (the grants are ${known.join(', ') || 'none'})`,
      );
    }
    results.push({ grant, comparison: compareGrants(was ?? EMPTY(), now) });
  }
  const wider = results.filter((result) => !result.comparison.subset);
  if (json) {
    printJson(io, {
      subset: wider.length === 0,
      grants: Object.fromEntries(results.map((result) => [result.grant, result.comparison])),
    });
  } else {
    const lines = results.flatMap(({ grant, comparison }) =>
      comparison.subset
        ? [`grant ${grant}: no wider than before`]
        : [`grant ${grant}: wider than before`, ...comparison.widenings.map(formatWidening)],
    );
    const count = wider.reduce(
      (sum, result) => sum + (result.comparison.subset ? 0 : result.comparison.widenings.length),
      0,
    );
    lines.push(
      wider.length === 0
        ? `${newFile} allows nothing ${oldFile} does not`
        : `${newFile} allows more than ${oldFile}: ${count} ${count === 1 ? 'widening' : 'widenings'}`,
    );
    io.stdout(`${printable(lines.join('\n'))}\n`);
  }
  return wider.length === 0 ? EXIT.ok : EXIT.refused;
}

let empty: Grant | undefined;
const EMPTY = (): Grant => (empty ??= createGrant({}));

/** One widening on one line: kind, witness, why.  `  folder  read /srv/x  (allowed by {"path":"/srv",…})` */
export function formatWidening(widening: Widening): string {
  const entry =
    typeof widening.entry === 'string' ? widening.entry : JSON.stringify(widening.entry);
  let witness: string;
  switch (widening.kind) {
    case 'folder':
      witness = `${widening.witness.access} ${widening.witness.path}`;
      break;
    case 'flow':
      witness = widening.entry;
      break;
    case 'budget':
      witness = `${widening.witness.budget} ${String(widening.witness.before)} -> ${widening.witness.after === null ? 'unlimited' : String(widening.witness.after)}`;
      break;
    default:
      witness = widening.witness;
  }
  const why =
    widening.kind === 'folder' && widening.undecided === true
      ? `${entry} is dropped or changed and has too many combinations to compare exactly: review it`
      : widening.kind === 'ask'
        ? 'no longer needs an approval'
        : widening.kind === 'flow'
          ? 'dropped, weakened, or a label it names narrowed'
          : widening.kind === 'budget'
            ? `${entry} ${widening.witness.after === null ? 'dropped' : 'raised'}`
            : entry.startsWith('!')
              ? `no longer denied by ${entry}`
              : `allowed by ${entry}`;
  return `  ${widening.kind.padEnd(8)}${witness}  (${why})`;
}
