import type { SecretPattern } from './parseSecretPattern.js';

/** Decides whether a secret name sits inside a grant's secret scope. */
export interface SecretMatcher {
  /** Is this exact, case-sensitive name granted? */
  readonly matches: (name: string) => boolean;
}

/**
 * Compiles secret patterns into a matcher whose cost does not grow with the
 * number of exact entries: exact names live in a Set; prefixes are few and
 * checked by `startsWith`.
 */
export function compileSecretMatcher(patterns: readonly SecretPattern[]): SecretMatcher {
  const names = new Set<string>();
  const prefixes: string[] = [];
  for (const pattern of patterns) {
    if (pattern.kind === 'exact') names.add(pattern.name);
    else prefixes.push(pattern.prefix);
  }
  // A lone `*` makes every other entry redundant.
  const any = prefixes.includes('');
  return {
    matches: (name) => any || names.has(name) || prefixes.some((prefix) => name.startsWith(prefix)),
  };
}
