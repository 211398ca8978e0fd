import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
let checked: string | undefined;

/** The newest file under a folder, by modification time. */
function newestUnder(folder: string): { file: string; mtimeMs: number } {
  let newest = { file: folder, mtimeMs: 0 };
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const { mtimeMs } = statSync(file);
    if (mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
  }
  return newest;
}

/**
 * The built CLI, `dist/cli.js`, once it is shown to be built from the
 * current `src/`: the proxy and CLI end-to-end tests run it in a child
 * process, so a `dist/` older than any source file would test old code.
 * Throws, naming the newer source file and the command to run, when
 * `dist/cli.js` is missing or older than a file under `src/`. `npm test`
 * builds first (`pretest`); a file run alone needs `npx tsup --silent`.
 * Checked once per test file (one stat per source file).
 *
 * // builtCli() => '/…/toolgate/dist/cli.js', or throws "dist/cli.js is older than src/…"
 */
export function builtCli(root = ROOT): string {
  const cli = join(root, 'dist/cli.js');
  if (checked === cli) return cli;
  let built: number;
  try {
    built = statSync(cli).mtimeMs;
  } catch {
    throw new Error(`${relative(root, cli)} is missing: build it first with \`npx tsup --silent\``);
  }
  const newest = newestUnder(join(root, 'src'));
  if (newest.mtimeMs > built) {
    throw new Error(
      `dist/cli.js is older than ${relative(root, newest.file)}: these tests run the built CLI, ` +
        'so they would test old code. Rebuild with `npx tsup --silent` (npm test does it first).',
    );
  }
  checked = cli;
  return cli;
}
