import { isMap, isScalar, type Pair } from 'yaml';
import { isKortixToolName, KORTIX_TOOLS } from './constants.js';
import { findToolNameProblem } from './findToolNameProblem.js';
import { findPair, keyText, type ManifestFile } from './manifestFile.js';
import { readModuleEntry } from './readModuleEntry.js';
import type { KortixDiagnostic, KortixTool, ToolEntryContext } from './types.js';

/** What the top-level `tools:` keys of all files declare. */
export interface ToolEntries {
  /** Does any file have a `tools:` key, even an empty one? */
  readonly toolsKey: boolean;
  /** The valid entries, in declaration order (root file first). */
  readonly declared: readonly KortixTool[];
  /** Every name declared with a valid name, whatever its value. */
  readonly names: readonly string[];
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
      diagnostics.push(
        file.diagnose(
          value ?? pair.key,
          'error',
          'invalid_tools_key',
          'tools: must be a map of <name>: kortix:<name> or <name>: <module path>',
          'write one tool per line under tools:, such as web_search: kortix:web_search',
        ),
      );
      continue;
    }
    for (const entry of value.items) {
      const name = readEntryName(file, entry, diagnostics);
      if (name === undefined) continue;
      // A name counts as declared even when its value is broken: the two files still both declare it.
      const first = declaredIn.get(name);
      if (first !== undefined) {
        diagnostics.push(
          file.diagnose(
            entry.key,
            'error',
            'duplicate_tool',
            `the tool ${name} is declared in two files: ${first} and ${file.path}`,
            `declare ${name} in one file only`,
          ),
        );
        continue;
      }
      declaredIn.set(name, file.path);
      const tool = readToolValue(file, name, entry, context, diagnostics);
      if (tool !== undefined) declared.push(tool);
    }
  }
  return { toolsKey, declared, names: [...declaredIn.keys()] };
}

/** The key of an entry when it breaks no name rule; otherwise reports the rule. */
function readEntryName(
  file: ManifestFile,
  entry: Pair,
  diagnostics: KortixDiagnostic[],
): string | undefined {
  const name = keyText(entry) ?? '';
  const nameProblem = findToolNameProblem(name);
  if (nameProblem === undefined) return name;
  diagnostics.push(
    file.diagnose(entry.key, 'error', nameProblem.code, nameProblem.message, nameProblem.fix),
  );
  return undefined;
}

/** Checks the value of a `name: value` entry; returns the tool when every rule holds. */
function readToolValue(
  file: ManifestFile,
  name: string,
  entry: Pair,
  context: ToolEntryContext,
  diagnostics: KortixDiagnostic[],
): KortixTool | undefined {
  const node = entry.value;
  const value = isScalar(node) && typeof node.value === 'string' ? node.value : undefined;
  if (value === undefined) {
    diagnostics.push(
      file.diagnose(
        node ?? entry.key,
        'error',
        'invalid_tool_value',
        `the value of ${name} must be kortix:${name} or a module path`,
        `write ${name}: kortix:${name} or ${name}: tools/${name}.ts`,
      ),
    );
    return undefined;
  }
  if (value.startsWith('kortix:')) {
    if (!isKortixToolName(name)) {
      diagnostics.push(
        file.diagnose(
          node,
          'error',
          'not_a_kortix_tool',
          `${name} is not a Kortix tool, so ${value} cannot name it; the Kortix tools are ${KORTIX_TOOLS.join(', ')}`,
          `point ${name} at a module in your repo, such as tools/${name}.ts`,
        ),
      );
      return undefined;
    }
    if (value !== `kortix:${name}`) {
      diagnostics.push(
        file.diagnose(
          node,
          'error',
          'kortix_value_mismatch',
          `the value ${value} under ${name} must be kortix:<name> with the same name as the key`,
          `write ${name}: kortix:${name}`,
        ),
      );
      return undefined;
    }
    return { name, kind: 'kortix', source: value, file: file.path };
  }
  return readModuleEntry(file, name, value, node, context, diagnostics);
}
