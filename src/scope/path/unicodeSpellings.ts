/** Anything beyond ASCII: without it, every normalization form is the text itself. */
const BEYOND_ASCII = /\P{ASCII}/u;

const NONE: readonly string[] = /* @__PURE__ */ Object.freeze([]);

/**
 * The spellings of a text a server may read for it besides the text itself
 * (SPEC §14.1 "Unicode spellings"): its NFC and NFD forms, each once, where
 * they differ from it. A server that opens a Unicode-equivalent name when
 * the one written does not exist (the MCP filesystem server compares names
 * in NFC) reaches the file any of them names, so each must pass. ASCII text
 * has none, decided without an allocation.
 *
 * // 'a.txt'                  => []
 * // 'Vertra\u0308ge' (NFD)    => ['Verträge']
 * // '\u212Aeys' (KELVIN SIGN) => ['Keys']
 */
export function otherSpellings(text: string): readonly string[] {
  if (!BEYOND_ASCII.test(text)) return NONE;
  const others = new Set([text.normalize('NFC'), text.normalize('NFD')]);
  others.delete(text);
  return [...others];
}

/** The text and its other spellings: as written, NFC, NFD, each once. */
export function unicodeSpellings(text: string): readonly string[] {
  return [text, ...otherSpellings(text)];
}

/** Every spelling of every one of these texts, or the very set when all are ASCII. */
export function spellingsOfAll<T extends string>(texts: ReadonlySet<T>): ReadonlySet<T> {
  let all: Set<T> | undefined;
  for (const text of texts) {
    const others = otherSpellings(text);
    if (others.length === 0) continue;
    all ??= new Set(texts);
    for (const spelling of others) all.add(spelling as T);
  }
  return all ?? texts;
}
