import {
  isMap,
  isScalar,
  LineCounter,
  parseDocument,
  type Node,
  type Pair,
  type YAMLMap,
} from 'yaml';
import type { KortixDiagnostic, KortixDiagnosticCode, KortixSeverity } from './types.js';

/** One manifest file, parsed, with the means to say where a node sits in it. */
export interface ManifestFile {
  readonly path: string;
  /** The top-level map; `undefined` for an empty file. */
  readonly map: YAMLMap | undefined;
  /** Builds a diagnostic placed at a node of this file (the file's start when there is none). */
  readonly diagnose: (
    node: unknown,
    severity: KortixSeverity,
    code: KortixDiagnosticCode,
    message: string,
    fix: string,
  ) => KortixDiagnostic;
}

/** A parsed file, or the diagnostics that kept it from parsing. */
export type ParsedManifestFile =
  | {
      readonly ok: true;
      readonly file: ManifestFile;
      readonly warnings: readonly KortixDiagnostic[];
    }
  | { readonly ok: false; readonly diagnostics: readonly KortixDiagnostic[] };

/**
 * Parses one manifest file (YAML, or JSON, which YAML 1.2 reads too) with
 * line and column positions. A file with a syntax error, or whose top level
 * is not a map, yields only that error: reading further would only report
 * the same mistake again in other words.
 */
export function parseManifestFile(path: string, text: string): ParsedManifestFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const place = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { file: path, line, column: col };
  };
  const diagnose: ManifestFile['diagnose'] = (node, severity, code, message, fix) => ({
    severity,
    code,
    ...place(offsetOf(node)),
    message,
    fix,
  });
  const syntax =
    (severity: KortixSeverity) =>
    (problem: { code: string; message: string; pos: [number, number] }) => ({
      severity,
      code: 'yaml_syntax' as const,
      ...place(problem.pos[0]),
      message: problem.message,
      fix: syntaxFix(problem.code),
    });
  const warnings = doc.warnings.map(syntax('warning'));
  if (doc.errors.length > 0)
    return { ok: false, diagnostics: [...doc.errors.map(syntax('error')), ...warnings] };
  const contents = doc.contents;
  if (contents !== null && !(isScalar(contents) && contents.value === null) && !isMap(contents)) {
    const error = diagnose(
      contents,
      'error',
      'not_a_map',
      `${path} must be a map of keys such as tools: and agents:`,
      'write the manifest as key: value lines',
    );
    return { ok: false, diagnostics: [error, ...warnings] };
  }
  return {
    ok: true,
    file: { path, map: isMap(contents) ? contents : undefined, diagnose },
    warnings,
  };
}

/** The top-level pair with this key, if any. */
export function findPair(map: YAMLMap | undefined, key: string): Pair | undefined {
  return map?.items.find((pair) => keyText(pair) === key);
}

/** A pair's key as text (`1: x` => "1"); `undefined` for a key that is not a scalar. */
export function keyText(pair: Pair): string | undefined {
  const key = pair.key;
  if (isScalar(key)) return String(key.value);
  return typeof key === 'string' ? key : undefined;
}

/** Where a node starts; 0 for anything that is not a parsed node. */
function offsetOf(node: unknown): number {
  const range = (node as Partial<Node> | null | undefined)?.range;
  return Array.isArray(range) ? range[0] : 0;
}

function syntaxFix(code: string): string {
  if (code === 'BAD_ALIAS') return 'quote a lone * as "*": a bare * starts a YAML alias';
  if (code === 'DUPLICATE_KEY') return 'keep one of the repeated keys';
  return 'fix the YAML syntax at this place';
}
