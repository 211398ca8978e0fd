const ENDS = new Set(['.', '!', '?', '…', '。', '！', '？']);
const CLOSERS = new Set(['"', "'", ')', ']', '}', '»', '”', '’']);

/**
 * Splits text into sentences, deterministically and without a locale: a
 * sentence ends at `.`, `!`, `?`, `…` (or their CJK forms), with any closing
 * quotes or brackets, before white space or the end; a blank line ends one
 * too. White space inside a sentence collapses to one space.
 *
 * // 'One. Two!  "Three?" Four' => ['One.', 'Two!', '"Three?"', 'Four']
 * // 'Title\n\nBody text.'      => ['Title', 'Body text.']
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const paragraph of text.replaceAll('\r\n', '\n').split(/\n[^\S\n]*\n/)) {
    const flat = paragraph.replace(/\s+/g, ' ').trim();
    let start = 0;
    for (let at = 0; at < flat.length; at += 1) {
      if (!ENDS.has(flat.charAt(at))) continue;
      let end = at + 1;
      while (end < flat.length && (ENDS.has(flat.charAt(end)) || CLOSERS.has(flat.charAt(end))))
        end += 1;
      if (end < flat.length && flat.charAt(end) !== ' ') continue;
      sentences.push(flat.slice(start, end).trim());
      start = end;
      at = end;
    }
    const rest = flat.slice(start).trim();
    if (rest !== '') sentences.push(rest);
  }
  return sentences.filter((sentence) => sentence !== '');
}
