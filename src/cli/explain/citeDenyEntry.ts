import type { Refusal } from '../../gate/types.js';
import { formatSourcePath } from '../policy/formatSourcePath.js';
import type { ExplainScope } from './types.js';

/** The grant lists whose `!` entries deny, by the check that reads them. */
const DENY_SCOPES: Readonly<Record<string, 'folders' | 'network' | 'secrets'>> = {
  'dispatch.folder': 'folders',
  'dispatch.network': 'network',
  'dispatch.secret': 'secrets',
};

/**
 * A note naming the deny entry that refused, and where the policy file
 * writes it; `undefined` when no deny entry refused.
 *
 * // (dispatch.folder refusal with details [{ entry: '!.env' }]) => denied by grants.coder.folders[1] !.env (policy.yaml:12:9)
 */
export function citeDenyEntry(refusal: Refusal, scope: ExplainScope): string | undefined {
  const entry = refusal.details?.find((detail) => detail.entry !== undefined)?.entry;
  const list = DENY_SCOPES[refusal.check];
  if (entry === undefined || list === undefined) return undefined;
  const written = scope.policy.grantSpecs.get(scope.grantName)?.[list];
  const index = Array.isArray(written) ? (written as readonly unknown[]).indexOf(entry) : -1;
  if (index === -1) return `denied by the deny entry ${entry}`;
  const path = ['grants', scope.grantName, list, index];
  const place = scope.policy.source.place(path);
  return `denied by ${formatSourcePath(path)} ${entry} (${place.file}:${place.line}:${place.column})`;
}
