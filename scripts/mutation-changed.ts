// `npm run mutation:changed [-- --base REF] [-- --lines] [-- --dry]`: Stryker on the
// src/gate and src/scope files changed since a base, in minutes rather than the full
// run's hour (docs/development.md).
//
// The base is --base REF, else the merge base with origin/main when that ref exists,
// else HEAD (so: what is not committed yet). Committed, staged, unstaged and new files
// all count. --lines mutates only the changed lines of each file; --dry prints the
// Stryker command instead of running it. Results are kept in
// reports/stryker-incremental-changed.json, so a second run re-tests only what moved.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';

const MUTATED = ['src/gate', 'src/scope'];
const INCREMENTAL_FILE = 'reports/stryker-incremental-changed.json';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    lines: { type: 'boolean', default: false },
    dry: { type: 'boolean', default: false },
  },
});

const git = (...args: string[]): string =>
  execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

function hasRef(ref: string): boolean {
  return (
    spawnSync('git', ['rev-parse', '--verify', '--quiet', ref], { stdio: 'ignore' }).status === 0
  );
}

const base =
  values.base ?? (hasRef('origin/main') ? git('merge-base', 'HEAD', 'origin/main') : 'HEAD');
if (!hasRef(base)) {
  console.error(`mutation:changed: ${base} is not a commit git knows; pass --base REF`);
  process.exit(2);
}

const isMutated = (file: string) =>
  file.endsWith('.ts') &&
  MUTATED.some((folder) => file.startsWith(`${folder}/`)) &&
  existsSync(file);

const changed = new Set(
  [
    ...git('diff', '--name-only', base, '--', ...MUTATED).split('\n'),
    ...git('ls-files', '--others', '--exclude-standard', '--', ...MUTATED).split('\n'),
  ].filter(isMutated),
);
const untracked = new Set(
  git('ls-files', '--others', '--exclude-standard', '--', ...MUTATED).split('\n'),
);

if (changed.size === 0) {
  console.log(
    `mutation:changed: no file under ${MUTATED.join(' or ')} changed since ${base}; nothing to mutate`,
  );
  process.exit(0);
}

/** Each changed file, or with --lines its changed line ranges (`file:start-end`, Stryker's mutation ranges). */
function targets(): string[] {
  if (!values.lines) return [...changed].sort();
  const out: string[] = [];
  for (const file of [...changed].sort()) {
    if (untracked.has(file)) {
      out.push(file);
      continue;
    }
    const diff = git('diff', '-U0', base, '--', file);
    for (const match of diff.matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm)) {
      const start = Number(match[1]);
      const count = match[2] === undefined ? 1 : Number(match[2]);
      if (count > 0) out.push(`${file}:${String(start)}-${String(start + count - 1)}`);
    }
  }
  return out;
}

const mutate = targets();
if (mutate.length === 0) {
  console.log(`mutation:changed: the changes since ${base} only remove lines; nothing to mutate`);
  process.exit(0);
}
const args = [
  'stryker',
  'run',
  'stryker.config.json',
  '--mutate',
  mutate.join(','),
  '--incremental',
  '--incrementalFile',
  INCREMENTAL_FILE,
];
console.log(`mutation:changed: since ${base}, mutating ${mutate.join(', ')}`);
if (values.dry) {
  console.log(`npx ${args.join(' ')}`);
  process.exit(0);
}
const result = spawnSync('npx', args, { stdio: 'inherit' });
process.exit(result.status ?? 1);
