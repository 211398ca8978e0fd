const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

/**
 * Does the text hold a character IDNA deletes without a trace (soft hyphen,
 * zero-width joiners, variation selectors)? Such text reads as one host to
 * the WHATWG parser and as another to a parser without IDNA.
 *
 * // goo\u00ADd.com => true (the URL parser reads good.com)
 * // bücher.de      => false
 */
export function hasIgnorableCharacter(text: string): boolean {
  return DEFAULT_IGNORABLE.test(text);
}
