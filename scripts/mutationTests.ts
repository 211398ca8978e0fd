import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The folders Stryker mutates (stryker.config.json `mutate`). */
export const MUTATED_FOLDERS = ['src/gate', 'src/scope'] as const;

/**
 * Test files that reach mutated code but cannot run against a mutant, each
 * with why: they run the built `dist/` (which no mutant touches) or another
 * process, need PostgreSQL, or time things.
 */
export const LEFT_OUT: readonly { readonly pattern: RegExp; readonly why: string }[] = [
  { pattern: /\.e2e\.test\.ts$/, why: 'spawns the built CLI or the proxy' },
  { pattern: /^test\/package\//, why: 'imports the built dist/' },
  { pattern: /^test\/proxy\//, why: 'runs the built dist/cli.js' },
  { pattern: /^test\/docs\//, why: 'runs the docs’ examples against the built CLI' },
  { pattern: /^test\/postgres\//, why: 'needs PostgreSQL' },
  { pattern: /^test\/bench\//, why: 'tests the benchmarks' },
];

/**
 * The test folders of the gate, the scopes and the layers they are built
 * from or decide for (grants, the registry, runs, comparisons), and the
 * property and fuzz tests. The layers above (the CLI, adapters, stores,
 * menus, providers, records) reach the gate too, but test themselves: each
 * of their files would reload a large module graph for every mutant.
 */
export const MUTATION_FOLDERS = [
  'test/gate',
  'test/scope',
  'test/grant',
  'test/registry',
  'test/run',
  'test/compare',
  'test/property',
  'test/fuzz',
] as const;

const IMPORT =
  /(?:^|\s)(?:import|export)\b[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)/gm;

function filesUnder(root: string, folder: string): string[] {
  if (!existsSync(join(root, folder))) return [];
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/**
 * The test files Stryker runs against each mutant: every test file in
 * {@link MUTATION_FOLDERS} whose relative imports, followed through helpers
 * and src/, reach a file under src/gate or src/scope, less {@link LEFT_OUT}. Derived, so a new test
 * of the gate or a scope is never left out by a stale list.
 *
 * // mutationTests('/work/main') => ['test/gate/approveCall.test.ts', …, 'test/property/deny.property.test.ts', …]
 */
export function mutationTests(root: string): string[] {
  const imports = new Map<string, string[]>();
  const importsOf = (file: string): string[] => {
    const known = imports.get(file);
    if (known !== undefined) return known;
    let text = '';
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      // a path the regex read that is not a file (a .json import, a folder): no edges
    }
    const found = [...text.matchAll(IMPORT)].map((match) =>
      relative(
        root,
        resolve(root, dirname(file), (match[1] ?? match[2] ?? '').replace(/\.js$/, '.ts')),
      ),
    );
    imports.set(file, found);
    return found;
  };
  const reachesMutated = (start: string): boolean => {
    const seen = new Set<string>([start]);
    const queue = [start];
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      if (MUTATED_FOLDERS.some((folder) => next.startsWith(`${folder}/`))) return true;
      for (const target of importsOf(next))
        if (!seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
    }
    return false;
  };
  return MUTATION_FOLDERS.flatMap((folder) => filesUnder(root, folder))
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => !LEFT_OUT.some(({ pattern }) => pattern.test(file)))
    .filter(reachesMutated)
    .sort();
}
