/** Anything beyond ASCII: without it, every normalization form is the text itself. */
const BEYOND_ASCII = /\P{ASCII}/u;

/**
 * The spellings of a text a server may read for it (SPEC §14.1 "Unicode
 * spellings"): as written, NFC and NFD, each once. A server that opens a
 * Unicode-equivalent name when the one written does not exist (the MCP
 * filesystem server compares names in NFC) reaches the file any of them
 * names, so each must pass. ASCII text has one spelling, decided without a copy.
 *
 * // 'a.txt'                  => ['a.txt']
 * // 'Vertra\u0308ge' (NFD)    => ['Vertra\u0308ge', 'Verträge']
 * // '\u212Aeys' (KELVIN SIGN) => ['\u212Aeys', 'Keys']
 */
export function unicodeSpellings(text: string): readonly string[] {
  if (!BEYOND_ASCII.test(text)) return [text];
  const spellings = new Set([text, text.normalize('NFC'), text.normalize('NFD')]);
  return [...spellings];
}

/** Every spelling of every one of these texts, or the texts themselves when all are ASCII. */
export function spellingsOfAll<T extends string>(texts: ReadonlySet<T>): ReadonlySet<T> {
  let all: Set<T> | undefined;
  for (const text of texts) {
    if (!BEYOND_ASCII.test(text)) continue;
    all ??= new Set(texts);
    for (const spelling of unicodeSpellings(text)) all.add(spelling as T);
  }
  return all ?? texts;
}
