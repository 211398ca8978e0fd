/**
 * The name a runtime that keeps only ASCII letters and digits sends back for
 * a provider name: every other character becomes `_`. The OpenAI Agents SDK
 * does this to every function tool name (`toFunctionToolName`), so the model
 * calls `fs_read_v1` for the tool listed as `fs-read_v1`. Many names can
 * sanitize to one: `buildSanitizedNames` keeps the collisions, and a
 * colliding name is never mapped back.
 *
 * // fs-read_v1       => fs_read_v1
 * // slack__search_v1 => slack__search_v1
 */
export function toSanitizedToolName(name: string): string {
  return name.replace(/[^a-z0-9]/gi, '_');
}
