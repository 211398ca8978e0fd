import { SIMPLE_CASE_FOLD_RUNS } from './simpleCaseFolds.js';

let folds: ReadonlyMap<number, number> | undefined;

/** The non-ASCII folding table, decoded on first use (most turns never need it). */
function readFolds(): ReadonlyMap<number, number> {
  if (folds !== undefined) return folds;
  const table = new Map<number, number>();
  for (const run of SIMPLE_CASE_FOLD_RUNS.split(' ')) {
    const [from = 0, count = 0, step = 0, delta = 0] = run.split('.').map((n) => parseInt(n, 36));
    for (let index = 0; index < count; index++) {
      const code = from + index * step;
      table.set(code, code + delta);
    }
  }
  folds = table;
  return table;
}

/**
 * Folds an object key so that two keys fold alike exactly when they are
 * equal under Unicode simple case folding, the way Go's `encoding/json`
 * matches a JSON key to a struct field. Each character becomes the smallest
 * member of its folding class; the text is only for comparing, never shown.
 *
 * // 'path' => 'PATH' ; 'PATH' => 'PATH'
 * // 'K' (U+212A KELVIN SIGN) => 'K' ; 'ſ' (U+017F LONG S) => 'S'
 * // 'straße' => 'STRAßE' (ß has no simple folding to 'ss')
 */
export function foldKey(key: string): string {
  let folded = '';
  for (const char of key) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) {
      // a-z => A-Z: in ASCII the smallest member of a letter's class is its capital.
      folded += code >= 0x61 && code <= 0x7a ? String.fromCharCode(code - 0x20) : char;
    } else {
      const to = readFolds().get(code);
      folded += to === undefined ? char : String.fromCodePoint(to);
    }
  }
  return folded;
}
