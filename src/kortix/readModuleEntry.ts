import { describeValue } from '../data/describeValue.js';
import { isKortixToolName, MODULE_EXTENSIONS, PROJECT_TOOL_VERSIONS } from './constants.js';
import { findRepoPathProblem, listWords } from './findRepoPathProblem.js';
import type { ManifestFile } from './manifestFile.js';
import type { KortixDiagnostic, KortixTool, ToolEntryContext } from './types.js';

/**
 * Checks a module path entry: the path rules, the module file (when the
 * existing files are known), and `kortix_version` 2 or 3. Returns the tool
 * (`project`, or `kortix (overridden)` for a Kortix name) when all hold.
 * A missing module file is a warning and the tool is skipped, as the seed
 * says: "A module that does not load is skipped, and the other tools still
 * load".
 */
export function readModuleEntry(
  file: ManifestFile,
  name: string,
  path: string,
  node: unknown,
  context: ToolEntryContext,
  diagnostics: KortixDiagnostic[],
): KortixTool | undefined {
  const pathProblem = findRepoPathProblem(path, MODULE_EXTENSIONS);
  if (pathProblem !== undefined) {
    diagnostics.push(
      file.diagnose(
        node,
        'error',
        'invalid_module_path',
        `the module path ${JSON.stringify(path)} ${pathProblem}`,
        `write a repo-relative path ending in ${listWords(MODULE_EXTENSIONS, 'or')}, such as tools/${name}.ts`,
      ),
    );
    return undefined;
  }
  let ok = true;
  if (context.modules !== undefined && !context.modules.has(path)) {
    diagnostics.push(
      file.diagnose(
        node,
        'warning',
        'missing_module',
        `the module file ${path} of ${name} does not exist, so ${name} does not load; the other tools still load`,
        `create ${path}, or fix the path`,
      ),
    );
    ok = false;
  }
  const version = context.kortixVersion;
  if (!(PROJECT_TOOL_VERSIONS as readonly unknown[]).includes(version)) {
    const has =
      version === undefined
        ? 'has no kortix_version'
        : `has kortix_version: ${describeValue(version)}`;
    diagnostics.push(
      file.diagnose(
        node,
        'error',
        'kortix_version_required',
        `${name} points at a module, and project tools need kortix_version: 2 or 3; ${context.root} ${has}`,
        `set kortix_version: 3 at the top of ${context.root}`,
      ),
    );
    ok = false;
  }
  if (!ok) return undefined;
  return {
    name,
    kind: isKortixToolName(name) ? 'kortix (overridden)' : 'project',
    source: path,
    file: file.path,
  };
}
