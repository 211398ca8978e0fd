/** `^[A-Za-z][A-Za-z0-9_-]{0,63}$`: a letter, then up to 63 letters, digits, underscores, or hyphens. */
const TOOL_NAME = /^[a-z][\w-]{0,63}$/i;

/**
 * Does a tool name match `^[A-Za-z][A-Za-z0-9_-]{0,63}$`, which provider
 * APIs accept?
 *
 * // lookup_invoice, Execute, a-b => true
 * // 1tool, web search, a.b, a×65 => false
 */
export function isCoresourceToolName(name: unknown): name is string {
  // \w without the `u` flag is exactly [A-Za-z0-9_].
  return typeof name === 'string' && TOOL_NAME.test(name);
}

/** The TypeError for a name that breaks the rule, naming the tool. */
export function invalidToolName(name: unknown, what: string): TypeError {
  return new TypeError(
    `${what} ${JSON.stringify(name)} does not match ^[A-Za-z][A-Za-z0-9_-]{0,63}$: a letter, then up to 63 letters, digits, underscores, or hyphens (provider APIs will not accept it)`,
  );
}
