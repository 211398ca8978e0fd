/**
 * Is a tool name shown to this agent? An entry of `visible` is a tool name,
 * `prefix/*` for every name under `prefix/`, or `*` for every name: the
 * same rule as the gate's `proposal.visible` check, so the menu never lists
 * a tool the gate would refuse as hidden.
 *
 * // ('slack/search', ['slack/*'])  => true
 * // ('slack/search', ['slack'])    => false
 * // ('slack/search', undefined)    => true (no `visible`: every name)
 */
export function isNameVisible(
  name: string,
  visible: ReadonlySet<string> | readonly string[] | undefined,
): boolean {
  if (visible === undefined) return true;
  const has = (entry: string) =>
    visible instanceof Set ? visible.has(entry) : (visible as readonly string[]).includes(entry);
  if (has(name) || has('*')) return true;
  // slack/search/recent => slack/*, slack/search/*
  for (let slash = name.indexOf('/'); slash > 0; slash = name.indexOf('/', slash + 1)) {
    if (has(`${name.slice(0, slash)}/*`)) return true;
  }
  return false;
}
