import { isScalar, isSeq } from 'yaml';
import { MANIFEST_EXTENSIONS } from './constants.js';
import { findRepoPathProblem } from './findRepoPathProblem.js';
import { findPair, parseManifestFile, type ManifestFile } from './manifestFile.js';
import type { KortixDiagnostic } from './types.js';

/** The files of a manifest, in reading order, and what reading them found. */
export interface ManifestFiles {
  readonly files: readonly ManifestFile[];
  readonly diagnostics: readonly KortixDiagnostic[];
}

/**
 * Reads the root file and, depth first in the order written, every file it
 * imports through a top-level `imports:` list of repo-relative paths (an
 * imported file may import more). Each file is read once: a file imported
 * twice, or a cycle, adds nothing the second time.
 *
 * // kortix.yaml: imports: [tools.yaml] => [kortix.yaml, tools.yaml]
 */
export function readManifestFiles(
  root: string,
  texts: Readonly<Record<string, string>>,
): ManifestFiles {
  const files: ManifestFile[] = [];
  const diagnostics: KortixDiagnostic[] = [];
  const seen = new Set<string>();
  const visit = (path: string) => {
    seen.add(path);
    // INVARIANT: callers only visit paths that are own keys of `texts`.
    const parsed = parseManifestFile(path, texts[path] ?? '');
    if (!parsed.ok) {
      diagnostics.push(...parsed.diagnostics);
      return;
    }
    diagnostics.push(...parsed.warnings);
    files.push(parsed.file);
    for (const next of readImports(parsed.file, texts, diagnostics))
      if (!seen.has(next)) visit(next);
  };
  visit(root);
  return { files, diagnostics };
}

/** The valid paths of a file's `imports:` list; every broken entry becomes a diagnostic. */
function readImports(
  file: ManifestFile,
  texts: Readonly<Record<string, string>>,
  diagnostics: KortixDiagnostic[],
): string[] {
  const pair = findPair(file.map, 'imports');
  if (pair === undefined) return [];
  const fix =
    'write imports: as a list of repo-relative manifest paths, such as [agents/tools.yaml]';
  if (!isSeq(pair.value)) {
    diagnostics.push(
      file.diagnose(
        pair.value ?? pair.key,
        'error',
        'invalid_imports',
        'imports: must be a list of files',
        fix,
      ),
    );
    return [];
  }
  const paths: string[] = [];
  for (const item of pair.value.items) {
    const path = isScalar(item) && typeof item.value === 'string' ? item.value : undefined;
    const problem =
      path === undefined ? 'is not a path' : findRepoPathProblem(path, MANIFEST_EXTENSIONS);
    if (path === undefined || problem !== undefined) {
      const shown = path === undefined ? 'an imports entry' : `the import ${JSON.stringify(path)}`;
      diagnostics.push(
        file.diagnose(item, 'error', 'invalid_imports', `${shown} ${problem ?? ''}`.trim(), fix),
      );
    } else if (!Object.hasOwn(texts, path)) {
      diagnostics.push(
        file.diagnose(
          item,
          'error',
          'import_not_found',
          `the imported file ${path} was not found`,
          `create ${path}, or fix the path: it is relative to the project root`,
        ),
      );
    } else {
      paths.push(path);
    }
  }
  return paths;
}
