/** `^[a-z][a-z0-9_]{0,63}$`: snake case, 64 characters at most. */
const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * Does a name under `tools:` match `^[a-z][a-z0-9_]{0,63}$`?
 *
 * // lookup_order => true
 * // LookupOrder, 1lookup, lookup-order, a×65 => false
 */
export function isToolEntryName(name: string): boolean {
  return TOOL_NAME.test(name);
}
