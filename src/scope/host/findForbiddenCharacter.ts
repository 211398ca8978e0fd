/**
 * Which character of the text is refused, if any? ASCII whitespace and control
 * characters (U+0000–U+001F, space, U+007F) are always refused, plus `banned`.
 *
 * @param text The untrusted text.
 * @param banned Further characters to refuse, e.g. `"\\/?#@%"`.
 * @returns The first refused character, or `undefined` when there is none.
 */
export function findForbiddenCharacter(text: string, banned: string): string | undefined {
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code <= 0x20 || code === 0x7f || banned.includes(character)) return character;
  }
  return undefined;
}
