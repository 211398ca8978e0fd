/**
 * Names one character for a problem sentence, so invisible ones are readable.
 *
 * @param character The character to name.
 * @returns `a space`, `a control character (U+0009)`, or the character in quotes.
 */
export function describeCharacter(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  // " " => a space
  if (code === 0x20) return 'a space';
  // "\t" => a control character (U+0009)
  if (code < 0x20 || code === 0x7f) {
    return `a control character (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
  }
  // "@" => "@"
  return `"${character}"`;
}
