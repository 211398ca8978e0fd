const encoder = /* @__PURE__ */ new TextEncoder();

/**
 * The start of a text: at most `maxLines` lines and `maxBytes` UTF-8 bytes,
 * cut after a newline where one fits, and never inside a character.
 *
 * // ('a\nb\nc\n', 2, 100)  => 'a\nb\n'
 * // ('héllo', 99, 2)       => 'h' (é takes two bytes: it would not fit whole)
 */
export function cutHead(text: string, maxLines: number, maxBytes: number): string {
  let end = 0;
  for (let line = 0; line < maxLines; line += 1) {
    const newline = text.indexOf('\n', end);
    if (newline === -1) {
      end = text.length;
      break;
    }
    end = newline + 1;
  }
  const head = text.slice(0, end);
  if (encoder.encode(head).length <= maxBytes) return head;
  // Too many bytes: the longest prefix that fits, then back to its last newline when there is one.
  let bytes = 0;
  let cut = 0;
  for (const character of head) {
    const size = encoder.encode(character).length;
    if (bytes + size > maxBytes) break;
    bytes += size;
    cut += character.length;
  }
  const fitted = head.slice(0, cut);
  const newline = fitted.lastIndexOf('\n');
  return newline === -1 ? fitted : fitted.slice(0, newline + 1);
}
