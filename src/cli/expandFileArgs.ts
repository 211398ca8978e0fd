import type { CliIo } from './io.js';

/** Names that `toolgate test DIR` and `toolgate validate DIR` pick up inside a directory. */
export const TEST_FILE_SUFFIXES: readonly string[] = ['.test.yaml', '.test.yml', '.test.json'];
export const POLICY_FILE_SUFFIXES: readonly string[] = ['.yaml', '.yml', '.json'];

/**
 * Expands the file arguments of a command: a file stays as given, a
 * directory becomes every file under it whose name ends with one of
 * `suffixes` (recursively, sorted, hidden folders and `node_modules`
 * skipped). A directory with no such file is a problem, so
 * `toolgate test policies/` cannot pass by running nothing.
 *
 * // ['policies/'] => ['policies/a.test.yaml', 'policies/sub/b.test.yaml']
 */
export function expandFileArgs(
  io: CliIo,
  args: readonly string[],
  suffixes: readonly string[],
): { readonly files: readonly string[] } | { readonly problem: string } {
  const files: string[] = [];
  for (const arg of args) {
    const listed = io.listDirectory?.(arg);
    if (listed === undefined) {
      files.push(arg);
      continue;
    }
    const found = walk(io, trimSlash(arg), listed, suffixes);
    if (found.length === 0)
      return {
        problem: `the directory ${arg} holds no file ending in ${suffixes.join(', ')}`,
      };
    files.push(...found);
  }
  return { files };
}

function walk(
  io: CliIo,
  dir: string,
  names: readonly string[],
  suffixes: readonly string[],
): string[] {
  const found: string[] = [];
  for (const name of [...names].sort()) {
    if (name.startsWith('.') || name === 'node_modules') continue;
    const path = `${dir}/${name}`;
    const inner = io.listDirectory?.(path);
    if (inner !== undefined) found.push(...walk(io, path, inner, suffixes));
    else if (suffixes.some((suffix) => name.endsWith(suffix))) found.push(path);
  }
  return found;
}

// 'policies/' => 'policies'; '/' stays '/'
function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
