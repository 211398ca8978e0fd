/**
 * Cold-start case (issues 33 and 34): what a fresh process pays before its
 * first decision, and what an app's bundle carries.
 *
 * - Start: fresh `node` processes, each importing one package and, for
 *   toolgate, calling `createRegistry()` with the built-ins; the time from
 *   before the `import()` to after the registry, read inside the child.
 *   toolgate, CASL and casbin take turns (the first rotating), several times
 *   over; the median of each is reported. toolgate is the built package
 *   (dist/, as npm installs it), resolved by its own name.
 * - Size: the built package bundled and minified by esbuild as an app would
 *   (`--bundle --minify --platform=node --format=esm`), for the core import
 *   and for one helper alone (the limits of issue 34).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { emit } from '../lib/child.js';
import { median } from '../lib/measure.js';

/** The runner starts every case in the repository's root (bench/run.ts); the compiled case lives elsewhere. */
const ROOT = resolve(process.cwd());
const STARTS = Number(process.env.BENCH_COLD_STARTS ?? 7) || 7;

/** A throwaway app folder whose node_modules holds toolgate (a link to this package) and the peers. */
const app = mkdtempSync(join(tmpdir(), 'toolgate-bench-cold-'));
mkdirSync(join(app, 'node_modules'));
symlinkSync(ROOT, join(app, 'node_modules', 'toolgate'));
for (const peer of ['@casl', 'casbin']) {
  symlinkSync(join(ROOT, 'node_modules', peer), join(app, 'node_modules', peer));
}
writeFileSync(join(app, 'package.json'), '{ "type": "module" }\n');

/** Each subject: the module body a fresh process runs between its two clock reads. */
const SUBJECTS: readonly { readonly name: string; readonly body: string }[] = [
  {
    name: "toolgate: import('toolgate') + createRegistry() with the built-ins",
    body: "const { createRegistry } = await import('toolgate'); createRegistry();",
  },
  { name: "CASL: import('@casl/ability')", body: "await import('@casl/ability');" },
  { name: "casbin: import('casbin')", body: "await import('casbin');" },
];

/** One fresh process: the milliseconds its body took, as it measured them. */
function startOnce(body: string): number {
  const script = `const t0 = performance.now(); ${body} process.stdout.write(String(performance.now() - t0));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: app,
    encoding: 'utf8',
  });
  const ms = Number(out.trim());
  if (!Number.isFinite(ms)) throw new Error(`a cold start printed ${JSON.stringify(out)}`);
  return ms;
}

/** The minified bytes of an app importing these names from 'toolgate'. */
async function bundleBytes(names: readonly string[]): Promise<number> {
  const entry = join(app, `${names.join('-')}.mjs`);
  writeFileSync(
    entry,
    `import { ${names.join(', ')} } from 'toolgate';\nconsole.log(${names.join(', ')});\n`,
  );
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: app,
    bundle: true,
    minify: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (output === undefined) throw new Error(`esbuild wrote nothing for ${names.join(', ')}`);
  return output.contents.byteLength;
}

const values: Record<string, number> = {};
try {
  const times = new Map<string, number[]>(SUBJECTS.map(({ name }) => [name, []]));
  for (let round = 0; round < STARTS; round++) {
    for (let turn = 0; turn < SUBJECTS.length; turn++) {
      const subject = SUBJECTS[(round + turn) % SUBJECTS.length];
      if (subject === undefined) continue;
      times.get(subject.name)?.push(startOnce(subject.body) * 1e6);
    }
  }
  for (const [name, list] of times) values[`${name} (ns)`] = median(list);
  for (const names of [
    ['createGate', 'createGrant', 'createRegistry'],
    ['parseToolRef'],
    ['formatToolRef'],
    ['renderMenu'],
  ]) {
    values[`bundle of import { ${names.join(', ')} } from 'toolgate' (bytes)`] =
      await bundleBytes(names);
  }
} finally {
  rmSync(app, { recursive: true, force: true });
}
emit({ group: 'cold-start', cases: [], values });
