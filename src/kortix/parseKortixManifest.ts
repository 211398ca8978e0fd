import { isScalar } from 'yaml';
import { deepFreeze } from '../data/deepFreeze.js';
import { isKortixToolName, KORTIX_TOOLS, type KortixToolName } from './constants.js';
import { findPair } from './manifestFile.js';
import { readAgentEntries } from './readAgentEntries.js';
import { readManifestFiles } from './readManifestFiles.js';
import { readToolEntries } from './readToolEntries.js';
import { readKortixSource } from './readKortixSource.js';
import type {
  KortixDiagnostic,
  KortixManifest,
  KortixParseResult,
  KortixSource,
  KortixTool,
} from './types.js';

/**
 * Parses a Kortix manifest (a root file and the files it imports, YAML or
 * JSON) and resolves its tool set. Never throws for a bad manifest: it
 * returns every diagnostic (errors and warnings, each with file, line and
 * column, sorted by place), and the manifest only when there is no error.
 * A plain string is the text of a lone `kortix.yaml`.
 *
 * The tool set follows the top-level `tools:` key: with no such key in any
 * file, all five Kortix tools; with one in any file, even an empty one, only
 * the Kortix tools listed. Project tools load either way.
 *
 * Throws `ToolgateError` (`invalid_option`) only when `source` is not a
 * string or `{ root, files, modules? }` naming its root among its files.
 *
 * // parseKortixManifest('tools:\n  memory: kortix:memory\n')
 * //   => ok, tools [memory], removed [web_search, image_search, scrape_webpage, show]
 */
export function parseKortixManifest(source: KortixSource | string): KortixParseResult {
  const { root, files: texts, modules } = readKortixSource(source);
  const diagnostics: KortixDiagnostic[] = [];
  const read = readManifestFiles(root, texts);
  diagnostics.push(...read.diagnostics);
  const files = read.files;
  const rootFile = files[0]?.path === root ? files[0] : undefined;
  const versionNode = findPair(rootFile?.map, 'kortix_version')?.value;
  const kortixVersion = isScalar(versionNode) ? versionNode.value : undefined;
  const entries = readToolEntries(files, { root, kortixVersion, modules }, diagnostics);
  const tools = loadedTools(entries.toolsKey, entries.declared, root);
  const loaded = new Set(tools.map((tool) => tool.name));
  if (
    entries.toolsKey &&
    !entries.names.some(isKortixToolName) &&
    !hasError(diagnostics, 'invalid_tools_key')
  ) {
    const holder = files.find((file) => findPair(file.map, 'tools') !== undefined);
    if (holder !== undefined) {
      diagnostics.push(
        holder.diagnose(
          findPair(holder.map, 'tools')?.key,
          'warning',
          'no_kortix_tools',
          'the tools: key lists no Kortix tool, so sessions get none of them',
          `add <name>: kortix:<name> under tools: for each Kortix tool to keep (${KORTIX_TOOLS.join(', ')})`,
        ),
      );
    }
  }
  const agents = readAgentEntries(files, loaded, kortixVersion, diagnostics);
  const sorted = sortDiagnostics(diagnostics, [root, ...files.map((file) => file.path)]);
  if (sorted.some((diagnostic) => diagnostic.severity === 'error'))
    return deepFreeze({ ok: false, diagnostics: sorted });
  const manifest: KortixManifest = {
    path: root,
    files: files.map((file) => file.path),
    ...(typeof kortixVersion === 'number' ? { kortixVersion } : {}),
    toolsKey: entries.toolsKey,
    tools,
    removed: KORTIX_TOOLS.filter((name): name is KortixToolName => !loaded.has(name)),
    agents,
  };
  return deepFreeze({ ok: true, manifest, diagnostics: sorted });
}

/** The tools a session gets: Kortix tools in Kortix's order, then project tools as declared. */
function loadedTools(
  toolsKey: boolean,
  declared: readonly KortixTool[],
  root: string,
): KortixTool[] {
  if (!toolsKey) {
    return KORTIX_TOOLS.map((name) => ({
      name,
      kind: 'kortix',
      source: `kortix:${name}`,
      file: root,
    }));
  }
  const byName = new Map(declared.map((tool) => [tool.name, tool]));
  const kortix = KORTIX_TOOLS.flatMap((name) => byName.get(name) ?? []);
  return [...kortix, ...declared.filter((tool) => !isKortixToolName(tool.name))];
}

function hasError(
  diagnostics: readonly KortixDiagnostic[],
  code: KortixDiagnostic['code'],
): boolean {
  return diagnostics.some((diagnostic) => diagnostic.code === code);
}

/** By file (in reading order), then line, then column; the order found breaks ties. */
function sortDiagnostics(
  diagnostics: readonly KortixDiagnostic[],
  order: readonly string[],
): KortixDiagnostic[] {
  const rank = (file: string) => {
    const index = order.indexOf(file);
    return index === -1 ? order.length : index;
  };
  return [...diagnostics].sort(
    (a, b) => rank(a.file) - rank(b.file) || a.line - b.line || a.column - b.column,
  );
}
