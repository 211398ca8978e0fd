import { fail, ok, type ScopeResult } from '../result.js';
import type { SecretDeny } from './compileSecretMatcher.js';
import { parseSecretPattern } from './parseSecretPattern.js';

/**
 * Parses one secret deny entry: `!` and a name or `PREFIX*` (SPEC §5 rev 2).
 *
 * // !AWS_SECRET_ACCESS_KEY => exact AWS_SECRET_ACCESS_KEY
 * // !PROD_*                => prefix PROD_
 * // !*                     => prefix '' (denies every name)
 */
export function parseSecretDeny(text: unknown): ScopeResult<SecretDeny> {
  if (typeof text !== 'string' || !text.startsWith('!'))
    return fail('a secret deny entry is "!" followed by a name or a prefix, such as "!AWS_*"');
  const pattern = parseSecretPattern(text.slice(1));
  if (!pattern.ok) return fail(`after "!": ${pattern.problem}`);
  return ok(Object.freeze({ entry: text, pattern: pattern.value }));
}
