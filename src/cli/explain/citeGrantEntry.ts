import type { GrantEntryMatch } from '../../grant/findGrantEntry.js';
import { parseHostPattern } from '../../scope/host/index.js';
import type { Place } from '../diagnostics.js';
import { formatSourcePath } from '../policy/formatSourcePath.js';
import type { ExplainScope, MatchedEntry } from './types.js';

/**
 * A matched grant entry for an explanation, with where the policy file writes
 * it. The grant is canonical and deduplicated; the file is as written, so the
 * place is that of the first entry written the same way.
 *
 * // (tool fs-read@1, { scope: tools, index: 0 }) => { …, source: grants.coder.tools[0], place: policy.yaml:52:13 }
 */
export function citeGrantEntry(
  scope: ExplainScope,
  want: string,
  pointer: string | undefined,
  found: GrantEntryMatch | undefined,
): MatchedEntry {
  const at = pointer === undefined ? {} : { pointer };
  // INVARIANT: only passing checks are described, so an entry matched; say so plainly if not.
  if (found === undefined)
    return {
      want,
      ...at,
      scope: 'tools',
      index: -1,
      entry: '(no entry found: please report this)',
    };
  return {
    want,
    ...at,
    scope: found.scope,
    index: found.index,
    entry: found.entry,
    ...(found.access === undefined ? {} : { access: found.access }),
    ...writtenAt(scope, found),
  };
}

/** Where the policy writes a grant entry; the grant is canonical and deduplicated, the file is as written. */
function writtenAt(
  scope: ExplainScope,
  found: GrantEntryMatch,
): { readonly source?: string; readonly place?: Place } {
  const written = scope.policy.grantSpecs.get(scope.grantName)?.[found.scope];
  if (!Array.isArray(written)) return {};
  const items = written as readonly unknown[];
  const index =
    found.scope === 'folders'
      ? found.index // createGrant keeps folders one for one
      : found.scope === 'network'
        ? items.findIndex((item) => {
            const pattern = parseHostPattern(item);
            return pattern.ok && pattern.value.text === found.entry;
          })
        : items.indexOf(found.entry);
  if (index === -1) return {};
  const path = ['grants', scope.grantName, found.scope, index];
  return { source: formatSourcePath(path), place: scope.policy.source.place(path) };
}
