import { isMap, isScalar, isSeq } from 'yaml';
import { ToolgateError } from '../../errors/ToolgateError.js';
import { MANIFEST_EXTENSIONS, MODULE_EXTENSIONS } from '../constants.js';
import { findRepoPathProblem } from '../findRepoPathProblem.js';
import { findPair, parseManifestFile } from '../manifestFile.js';
import type { KortixSource } from '../types.js';

/** The file-system calls the loader makes: the subset of `node:fs` it uses. */
export interface KortixFileSystem {
  readonly readFileSync: (path: string, encoding: 'utf8') => string;
  readonly existsSync: (path: string) => boolean;
}

/** How `loadKortixManifestFiles` reads. */
export interface LoadKortixManifestOptions {
  /** Default `node:fs`, fetched lazily (Node >= 20.16), so importing `toolgate/kortix` stays platform-neutral. */
  readonly fs?: KortixFileSystem;
}

/**
 * Reads a root manifest from disk, every file it imports (depth first,
 * each once), and which module files under `tools:` exist: the I/O half of
 * `parseKortixManifest`, which does the checking. Paths in the result are
 * relative to the root file's folder (the project root). A missing imported
 * file is left out, so parsing reports it with its place; a missing root
 * file throws the file system's error.
 *
 * // parseKortixManifest(loadKortixManifestFiles('/repo/kortix.yaml'))
 */
export function loadKortixManifestFiles(
  rootPath: string,
  options: LoadKortixManifestOptions = {},
): KortixSource {
  const fs = options.fs ?? loadFs();
  const slash = Math.max(rootPath.lastIndexOf('/'), rootPath.lastIndexOf('\\'));
  const folder = slash === -1 ? '.' : rootPath.slice(0, slash) || '/';
  const root = rootPath.slice(slash + 1);
  const onDisk = (path: string) => `${folder}/${path}`;
  const files: Record<string, string> = Object.create(null) as Record<string, string>;
  const modules: string[] = [];
  const visit = (path: string, text: string) => {
    files[path] = text;
    const parsed = parseManifestFile(path, text);
    if (!parsed.ok) return;
    const map = parsed.file.map;
    const tools = findPair(map, 'tools')?.value;
    if (isMap(tools)) {
      for (const value of listStrings(tools.items.map((pair) => pair.value))) {
        if (
          value.startsWith('kortix:') ||
          findRepoPathProblem(value, MODULE_EXTENSIONS) !== undefined
        )
          continue;
        if (!modules.includes(value) && fs.existsSync(onDisk(value))) modules.push(value);
      }
    }
    const imports = findPair(map, 'imports')?.value;
    for (const next of listStrings(isSeq(imports) ? imports.items : [])) {
      if (
        Object.hasOwn(files, next) ||
        findRepoPathProblem(next, MANIFEST_EXTENSIONS) !== undefined
      )
        continue;
      if (fs.existsSync(onDisk(next))) visit(next, fs.readFileSync(onDisk(next), 'utf8'));
    }
  };
  visit(root, fs.readFileSync(rootPath, 'utf8'));
  return { root, files, modules };
}

function listStrings(nodes: readonly unknown[]): string[] {
  return nodes.flatMap((node) =>
    isScalar(node) && typeof node.value === 'string' ? [node.value] : [],
  );
}

function loadFs(): KortixFileSystem {
  const runtime = (
    globalThis as { readonly process?: { readonly getBuiltinModule?: (id: string) => unknown } }
  ).process;
  const fs = runtime?.getBuiltinModule?.('node:fs') as Partial<KortixFileSystem> | undefined;
  if (typeof fs?.readFileSync !== 'function' || typeof fs.existsSync !== 'function') {
    throw new ToolgateError(
      'invalid_option',
      'loadKortixManifestFiles needs Node 20.16 or later (process.getBuiltinModule), or options.fs',
    );
  }
  return fs as KortixFileSystem;
}
