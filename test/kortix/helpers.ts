import { formatKortixDiagnostics } from '../../src/kortix/formatKortixDiagnostics.js';
import { parseKortixManifest } from '../../src/kortix/parseKortixManifest.js';
import type { KortixDiagnostic, KortixManifest, KortixSource } from '../../src/kortix/types.js';

/** The manifest of a source that must parse without errors. */
export function aManifest(source: KortixSource | string): KortixManifest {
  const result = parseKortixManifest(source);
  if (!result.ok)
    throw new Error(`expected a manifest, got:\n${formatKortixDiagnostics(result.diagnostics)}`);
  return result.manifest;
}

/** The diagnostics of a source, as `severity code line:column` for compact expectations. */
export function findingsOf(source: KortixSource | string): string[] {
  return parseKortixManifest(source).diagnostics.map(brief);
}

/** `error reserved_tool_name 3:3` */
export function brief(diagnostic: KortixDiagnostic): string {
  return `${diagnostic.severity} ${diagnostic.code} ${diagnostic.line}:${diagnostic.column}`;
}

/** A root kortix.yaml and imported files, keyed by path. */
export function files(root: string, others: Record<string, string> = {}): KortixSource {
  return { root: 'kortix.yaml', files: { 'kortix.yaml': root, ...others } };
}

/** The names of a manifest's tools, in `tools ls` order. */
export const toolNames = (manifest: KortixManifest) => manifest.tools.map((tool) => tool.name);

/** The fifteen harness tools, as `all` shows them by default. */
export const HARNESS = [
  'bash',
  'read',
  'write',
  'edit',
  'apply_patch',
  'glob',
  'grep',
  'list',
  'task',
  'question',
  'todowrite',
  'webfetch',
  'websearch',
  'skill',
  'lsp',
];
