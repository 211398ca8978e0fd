/** How many failed definitions a gateway remembers; the oldest is forgotten first. */
export const MAX_REMEMBERED_FAILURES = 256;

/**
 * Remembers why a definition (by its full digest) could not be registered,
 * so an unchanged failed definition is not compiled again on every refresh.
 * Bounded: past `MAX_REMEMBERED_FAILURES` the oldest entry goes (a Map keeps
 * insertion order), so a server listing ever new broken tools cannot grow
 * memory without end.
 *
 * // (failures with 256 entries, 'sha256:…', 'bad schema') => the oldest entry is dropped, the new one kept
 */
export function rememberFailure(
  failures: Map<string, string>,
  digest: string,
  problem: string,
): void {
  failures.delete(digest);
  failures.set(digest, problem);
  while (failures.size > MAX_REMEMBERED_FAILURES) {
    const oldest = failures.keys().next();
    if (oldest.done === true) break;
    failures.delete(oldest.value);
  }
}
