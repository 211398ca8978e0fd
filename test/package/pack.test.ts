import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/freshDist.js';

/**
 * What `npm pack` puts in the package (issue 34): the files the exports map,
 * `bin` and `main`/`module`/`types` name, the chunks and declaration files
 * those reach, the JSON schemas, and npm's own (package.json, README,
 * LICENSE); no source maps (docs/development.md "What the package ships"),
 * and no file nothing reaches.
 */

const ROOT = resolve(import.meta.dirname, '../..');

interface Manifest {
  main: string;
  module: string;
  types: string;
  bin: Record<string, string>;
  exports: Record<string, unknown>;
}

/** Every path string anywhere in an exports map. */
function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(exportTargets);
}

/** The relative files a dist file loads: static and dynamic imports, requires, declaration imports. */
function referencesOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found = [
    ...text.matchAll(/(?:from\s*|import\s*\(\s*|require\(\s*|import\s+)["'](\.{1,2}\/[^"']+)["']/g),
  ].map((match) => match[1] as string);
  return found.flatMap((target) => {
    const path = normalize(join(dirname(file), target));
    // A declaration file imports './x.js' for the types in './x.d.ts'.
    if (file.endsWith('.d.ts')) return [path, path.replace(/\.js$/, '.d.ts')];
    if (file.endsWith('.d.cts')) return [path, path.replace(/\.c?js$/, '.d.cts')];
    return [path];
  });
}

describe('npm pack', () => {
  it('ships what the package needs and no more: no source maps, no file nothing reaches', () => {
    builtCli(ROOT);
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as [{ files: { path: string; size: number }[]; unpackedSize: number }];
    const files = packed.files.map((file) => file.path);
    expect(files.filter((path) => path.endsWith('.map'))).toEqual([]);

    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
    const entries = [
      manifest.main,
      manifest.module,
      manifest.types,
      ...Object.values(manifest.bin),
      ...exportTargets(manifest.exports),
    ].map((path) => normalize(path));
    const reached = new Set<string>();
    const queue = [...entries];
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      if (reached.has(next) || !files.includes(next)) continue;
      reached.add(next);
      if (/\.(?:c?js|d\.c?ts)$/.test(next)) queue.push(...referencesOf(next));
    }
    expect(entries.filter((path) => !files.includes(path))).toEqual([]);
    const own = ['package.json', 'README.md', 'LICENSE'];
    const unreached = files.filter(
      (path) => !reached.has(path) && !own.includes(path) && !path.startsWith('schema/'),
    );
    expect(unreached).toEqual([]);
    expect(files.filter((path) => path.startsWith('schema/')).sort()).toEqual([
      'schema/policy-tests.schema.json',
      'schema/policy.schema.json',
    ]);
  });
});
