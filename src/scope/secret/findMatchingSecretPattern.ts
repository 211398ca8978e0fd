import type { SecretPattern } from './parseSecretPattern.js';

/**
 * Which secret entry covers this name? An exact entry first, else the
 * longest prefix (the first of equals; `*` is the empty prefix, so it comes
 * last); `undefined` when none does. The rule is `compileSecretMatcher`'s, entry by entry.
 *
 * // (GITHUB_TOKEN, [*, GITHUB_*, GITHUB_TOKEN]) => GITHUB_TOKEN
 * // (GITHUB_APP, [*, GITHUB_*])                 => GITHUB_*
 * // (github_token, [GITHUB_*])                  => undefined (names are case-sensitive)
 */
export function findMatchingSecretPattern(
  patterns: readonly SecretPattern[],
  name: string,
): SecretPattern | undefined {
  let best: (SecretPattern & { readonly kind: 'prefix' }) | undefined;
  for (const pattern of patterns) {
    if (pattern.kind === 'exact') {
      if (pattern.name === name) return pattern;
    } else if (
      name.startsWith(pattern.prefix) &&
      (best === undefined || pattern.prefix.length > best.prefix.length)
    ) {
      best = pattern;
    }
  }
  return best;
}
