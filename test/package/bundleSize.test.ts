import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/freshDist.js';
import { aTempDir } from '../helpers/scratch.js';

/**
 * A small helper imported alone from 'toolgate' bundles small (issue 34):
 * the built package, bundled and minified by esbuild as an app would, keeps
 * neither ajv, re2js, tldts nor minimatch for `parseToolRef`,
 * `formatToolRef` or `renderMenu`. This holds only while the dist chunks
 * those land in run nothing at load time that a bundler cannot drop (a call
 * not marked `@__PURE__`) and import no such package themselves (src/deps/
 * gives each its own chunk). 'toolgate' is resolved as a package, from a
 * node_modules link, so its `"sideEffects": false` applies.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const LIMIT = 20 * 1024;
const HELPERS = ['parseToolRef', 'formatToolRef', 'renderMenu'];

let project: string | undefined;

/** A temp folder whose node_modules/toolgate is this package (dist/ checked fresh). */
function theProject(): string {
  if (project !== undefined) return project;
  builtCli(ROOT); // the bundle is made from dist/: fail early when it is stale
  const dir = aTempDir('bundle');
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules', 'toolgate'));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  return (project = dir);
}

/** The bytes each input (a dist file of toolgate, or a package) takes in the output, most first. */
function topInputs(dir: string, output: Metafile['outputs'][string], count: number): string[] {
  const bytes = new Map<string, number>();
  for (const [path, input] of Object.entries(output.inputs)) {
    // esbuild follows the node_modules/toolgate link: toolgate's own files are under ROOT.
    const own = relative(ROOT, resolve(dir, path));
    const where = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
    const name = own.startsWith('dist/') ? `toolgate/${own}` : (where?.[1] ?? path);
    bytes.set(name, (bytes.get(name) ?? 0) + input.bytesInOutput);
  }
  return [...bytes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, size]) => `${String(size).padStart(8)}  ${name}`);
}

/** The minified size of an app importing these names from 'toolgate', with its top inputs. */
async function bundle(names: string[]): Promise<{ bytes: number; top: string[] }> {
  const dir = theProject();
  const entry = join(dir, `${names.join('-')}.mjs`);
  writeFileSync(
    entry,
    `import { ${names.join(', ')} } from 'toolgate';\nconsole.log(${names.join(', ')});\n`,
  );
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: dir,
    bundle: true,
    minify: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const [output] = Object.values(result.metafile.outputs);
  if (output === undefined) throw new Error(`esbuild wrote no output for ${relative(dir, entry)}`);
  return { bytes: output.bytes, top: topInputs(dir, output, 8) };
}

describe('the size of one helper imported alone from the built package', () => {
  for (const name of HELPERS) {
    it(`bundles import { ${name} } from 'toolgate' to at most 20 KB minified`, async () => {
      const { bytes, top } = await bundle([name]);
      expect(
        bytes,
        `import { ${name} } bundles to ${bytes} bytes (limit ${LIMIT}); top inputs:\n${top.join('\n')}`,
      ).toBeLessThanOrEqual(LIMIT);
    });
  }
});
