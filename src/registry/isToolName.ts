/** One name segment: a letter, then letters, digits, `_` or `-`. */
const SEGMENT = '[a-z][\\w-]*';
/** 1–4 segments joined by `/`. No `u` flag: `\\w` stays ASCII even with `i`. */
const TOOL_NAME = /* @__PURE__ */ new RegExp(`^${SEGMENT}(?:/${SEGMENT}){0,3}$`, 'i');

/** The longest tool name, in characters. */
export const MAX_TOOL_NAME_LENGTH = 128;

/**
 * Is this a valid registry tool name? 1–4 segments joined by `/`, each a
 * letter followed by letters, digits, `_` or `-`; at most 128 characters.
 *
 * // slack/search => true
 * // Slack/Search => true (names are case-sensitive, not lower-case only)
 * // slack//search, /slack, 1slack, a/b/c/d/e => false
 */
export function isToolName(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_TOOL_NAME_LENGTH && TOOL_NAME.test(value);
}
