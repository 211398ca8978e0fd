/** One compiled search per set of banned characters: they are few and fixed. */
const searches = new Map<string, RegExp>();

/** Escapes characters for use inside a regular-expression character class. */
const escapeClass = (text: string) => text.replace(/[\\\]^-]/g, '\\$&');

/**
 * Which character of the text is refused, if any? ASCII whitespace and control
 * characters (U+0000–U+001F, space, U+007F) are always refused, plus `banned`.
 *
 * // ("a b", "")      => " "
 * // ("a@b", "@%")    => "@"
 * // ("good.com", "") => undefined
 *
 * @param text The untrusted text.
 * @param banned Further characters to refuse, e.g. `"\\/?#@%"`.
 * @returns The first refused character, or `undefined` when there is none.
 */
export function findForbiddenCharacter(text: string, banned: string): string | undefined {
  let search = searches.get(banned);
  if (search === undefined) {
    search = new RegExp(`[\\u0000-\\u0020\\u007f${escapeClass(banned)}]`);
    searches.set(banned, search);
  }
  // search(), not exec(): no match object to build; this runs on every host and URL.
  const index = text.search(search);
  return index === -1 ? undefined : text[index];
}
