import { isMap, isScalar, type Pair } from 'yaml';
import { describeValue } from '../data/describeValue.js';
import {
  isKortixToolName,
  isReservedToolName,
  KORTIX_TOOLS,
  MODULE_EXTENSIONS,
  PROJECT_TOOL_VERSIONS,
  PTY_PREFIX,
} from './constants.js';
import { findRepoPathProblem, listWords } from './findRepoPathProblem.js';
import { isToolEntryName } from './isToolEntryName.js';
import { findPair, keyText, type ManifestFile } from './manifestFile.js';
import type { KortixDiagnostic, KortixTool } from './types.js';

/** What the top-level `tools:` keys of all files declare. */
export interface ToolEntries {
  /** Does any file have a `tools:` key, even an empty one? */
  readonly toolsKey: boolean;
  /** The valid entries, in declaration order (root file first). */
  readonly declared: readonly KortixTool[];
}

/** What checking entries needs to know besides the entries. */
export interface ToolEntryContext {
  readonly root: string;
  /** The root file's `kortix_version`. */
  readonly kortixVersion: unknown;
  /** Module files that exist, when known. */
  readonly modules: ReadonlySet<string> | undefined;
}

/**
 * Reads every file's top-level `tools:` key and checks each entry by the
 * manifest rules: the name pattern, reserved harness names and `pty_`, the
 * value (`kortix:<name>` repeating the key, or a module path), a name
 * declared in two files, and `kortix_version` 2 or 3 for module entries.
 */
export function readToolEntries(
  files: readonly ManifestFile[],
  context: ToolEntryContext,
  diagnostics: KortixDiagnostic[],
): ToolEntries {
  let toolsKey = false;
  const declared: KortixTool[] = [];
  const declaredIn = new Map<string, string>();
  for (const file of files) {
    const pair = findPair(file.map, 'tools');
    if (pair === undefined) continue;
    toolsKey = true;
    const value = pair.value;
    if (isScalar(value) && value.value === null) continue; // `tools:` left empty: a key that lists nothing
    if (!isMap(value)) {
      diagnostics.push(file.diagnose(value ?? pair.key, 'error', 'invalid_tools_key', 'tools: must be a map of <name>: kortix:<name> or <name>: <module path>', 'write one tool per line under tools:, such as web_search: kortix:web_search'));
      continue;
    }
    for (const entry of value.items) {
      const tool = readToolEntry(file, entry, context, diagnostics);
      if (tool === undefined) continue;
      const first = declaredIn.get(tool.name);
      if (first !== undefined) {
        diagnostics.push(file.diagnose(entry.key, 'error', 'duplicate_tool', `the tool ${tool.name} is declared in two files: ${first} and ${file.path}`, `declare ${tool.name} in one file only`));
        continue;
      }
      declaredIn.set(tool.name, file.path);
      declared.push(tool);
    }
  }
  return { toolsKey, declared };
}

/** Checks one `name: value` entry; returns the tool when every rule holds. */
function readToolEntry(
  file: ManifestFile,
  entry: Pair,
  context: ToolEntryContext,
  diagnostics: KortixDiagnostic[],
): KortixTool | undefined {
  const name = keyText(entry) ?? '';
  const nameProblem = findNameProblem(name);
  if (nameProblem !== undefined) {
    diagnostics.push(file.diagnose(entry.key, 'error', nameProblem.code, nameProblem.message, nameProblem.fix));
    return undefined;
  }
  const node = entry.value;
  const value = isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
  if (value === undefined) {
    diagnostics.push(file.diagnose(node ?? entry.key, 'error', 'invalid_tool_value', `the value of ${name} must be kortix:${name} or a module path`, `write ${name}: kortix:${name} or ${name}: tools/${name}.ts`));
    return undefined;
  }
  if (value.startsWith('kortix:')) {
    if (!isKortixToolName(name)) {
      diagnostics.push(file.diagnose(node, 'error', 'not_a_kortix_tool', `${name} is not a Kortix tool, so ${value} cannot name it; the Kortix tools are ${KORTIX_TOOLS.join(', ')}`, `point ${name} at a module in your repo, such as tools/${name}.ts`));
      return undefined;
    }
    if (value !== `kortix:${name}`) {
      diagnostics.push(file.diagnose(node, 'error', 'kortix_value_mismatch', `the value ${value} under ${name} must be kortix:<name> with the same name as the key`, `write ${name}: kortix:${name}`));
      return undefined;
    }
    return { name, kind: 'kortix', source: value, file: file.path };
  }
  return readModuleEntry(file, name, value, node, context, diagnostics);
}

/** Checks a module path entry: the path rules, the file (when known), and `kortix_version`. */
function readModuleEntry(
  file: ManifestFile,
  name: string,
  path: string,
  node: unknown,
  context: ToolEntryContext,
  diagnostics: KortixDiagnostic[],
): KortixTool | undefined {
  const pathProblem = findRepoPathProblem(path, MODULE_EXTENSIONS);
  if (pathProblem !== undefined) {
    diagnostics.push(file.diagnose(node, 'error', 'invalid_module_path', `the module path ${JSON.stringify(path)} ${pathProblem}`, `write a repo-relative path ending in ${listWords(MODULE_EXTENSIONS, 'or')}, such as tools/${name}.ts`));
    return undefined;
  }
  let ok = true;
  if (context.modules !== undefined && !context.modules.has(path)) {
    diagnostics.push(file.diagnose(node, 'error', 'missing_module', `the module file ${path} of ${name} does not exist`, `create ${path}, or fix the path`));
    ok = false;
  }
  const version = context.kortixVersion;
  if (!(PROJECT_TOOL_VERSIONS as readonly unknown[]).includes(version)) {
    const has = version === undefined ? 'has no kortix_version' : `has kortix_version: ${describeValue(version)}`;
    diagnostics.push(file.diagnose(node, 'error', 'kortix_version_required', `${name} points at a module, and project tools need kortix_version: 2 or 3; ${context.root} ${has}`, `set kortix_version: 3 at the top of ${context.root}`));
    ok = false;
  }
  if (!ok) return undefined;
  return { name, kind: isKortixToolName(name) ? 'kortix (overridden)' : 'project', source: path, file: file.path };
}

/** Which name rule does a key under `tools:` break, if any? */
function findNameProblem(name: string) {
  if (!isToolEntryName(name)) {
    return {
      code: 'invalid_tool_name' as const,
      message: `the tool name ${JSON.stringify(name)} does not match ^[a-z][a-z0-9_]{0,63}$`,
      fix: 'use snake case: a lower-case letter, then lower-case letters, digits or _, 64 characters at most',
    };
  }
  if (isReservedToolName(name)) {
    return {
      code: 'reserved_tool_name' as const,
      message: `${name} is a harness tool name, which a tool under tools: cannot use`,
      fix: `rename the tool, such as my_${name}`,
    };
  }
  if (name.startsWith(PTY_PREFIX)) {
    return {
      code: 'reserved_pty_prefix' as const,
      message: `${name} starts with pty_, which is reserved for the OpenCode terminal tools`,
      fix: `rename the tool so it does not start with pty_, such as ${name.slice(PTY_PREFIX.length) || 'my_tool'}`,
    };
  }
  return undefined;
}
