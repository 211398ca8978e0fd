import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Document,
  type Node,
} from 'yaml';
import { diagnose, type Diagnostic, type Place } from '../diagnostics.js';

/** A path into a parsed file: map keys and list indexes. */
export type SourcePath = readonly (string | number)[];

/** A parsed YAML (or JSON) file: its plain value, and where each part of it sits. */
export interface YamlSource {
  readonly file: string;
  /** The document as plain data (`toJS`). */
  readonly value: unknown;
  /**
   * Where the node at `path` sits: its value, or with `'key'` the key that
   * names it (better for "this entry is missing x"). A path that leads
   * nowhere gives the deepest node it reached.
   */
  readonly place: (path: SourcePath, at?: 'key' | 'value') => Place;
}

/** A parsed file, or the diagnostics that kept it from parsing. */
export type ReadYamlResult =
  | { readonly ok: true; readonly source: YamlSource; readonly warnings: readonly Diagnostic[] }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

/**
 * Parses one YAML 1.2 document (JSON is YAML too) with line and column
 * positions. Repeated keys are errors. A file with a syntax error yields
 * only its syntax errors: reading further would report the same mistake
 * again in other words.
 */
export function readYamlSource(file: string, text: string): ReadYamlResult {
  const lineCounter = new LineCounter();
  // logLevel 'error': no console output, but a second document is still an error (MULTIPLE_DOCS).
  const doc = parseDocument(text, {
    lineCounter,
    prettyErrors: false,
    uniqueKeys: true,
    logLevel: 'error',
  });
  const at = (offset: number): Place => {
    const { line, col } = lineCounter.linePos(offset);
    return { file, line, column: col };
  };
  const syntax =
    (severity: 'error' | 'warning') =>
    (problem: { code: string; message: string; pos: [number, number] }) =>
      diagnose(
        at(problem.pos[0]),
        severity,
        'yaml_syntax',
        firstLine(problem.message),
        syntaxFix(problem.code),
      );
  const warnings = doc.warnings.map(syntax('warning'));
  if (doc.errors.length > 0)
    return { ok: false, diagnostics: [...doc.errors.map(syntax('error')), ...warnings] };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // e.g. too many aliases (a "billion laughs" document)
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      diagnostics: [diagnose(at(0), 'error', 'yaml_syntax', message, 'use fewer aliases (*name)')],
    };
  }
  const place = (path: SourcePath, mode: 'key' | 'value' = 'value'): Place =>
    at(offsetAt(doc, path, mode));
  return { ok: true, source: { file, value, place }, warnings };
}

/** The offset of the node at `path`, or of the deepest node on the way. */
function offsetAt(doc: Document, path: SourcePath, mode: 'key' | 'value'): number {
  let node: unknown = doc.contents;
  let offset = startOf(node) ?? 0;
  for (const [index, segment] of path.entries()) {
    if (isAlias(node)) node = node.resolve(doc);
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((item) => keyText(item) === String(segment));
      if (pair === undefined) return offset;
      const last = index === path.length - 1;
      // `coder:` with nothing after it: the value has no place of its own, so show the key.
      if ((last && mode === 'key') || startOf(pair.value) === undefined || isEmpty(pair.value)) {
        offset = startOf(pair.key) ?? offset;
        if (last) return offset;
      }
      next = pair.value;
    } else if (isSeq(node) && typeof segment === 'number') {
      next = node.items[segment];
    } else {
      return offset;
    }
    offset = startOf(next) ?? offset;
    node = next;
  }
  return offset;
}

function keyText(pair: unknown): string | undefined {
  if (!isPair(pair)) return undefined;
  const key = pair.key;
  if (isScalar(key)) return String(key.value);
  return typeof key === 'string' ? key : undefined;
}

function startOf(node: unknown): number | undefined {
  const range = (node as Partial<Node> | null | undefined)?.range;
  return Array.isArray(range) ? range[0] : undefined;
}

function isEmpty(node: unknown): boolean {
  return isScalar(node) && node.value === null && node.source === '';
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

function syntaxFix(code: string): string {
  if (code === 'DUPLICATE_KEY') return 'keep one of the repeated keys';
  if (code === 'BAD_ALIAS') return 'quote a lone * as "*": a bare * starts a YAML alias';
  if (code === 'MULTIPLE_DOCS') return 'keep one document: remove the --- separator';
  if (code === 'TAB_AS_INDENT') return 'indent with spaces, not tabs';
  return 'fix the YAML syntax at this place';
}
