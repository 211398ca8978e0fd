import type { SecretPattern } from './parseSecretPattern.js';

/** Decides whether a secret name sits inside a grant's secret scope. */
export interface SecretMatcher {
  /** Is this exact, case-sensitive name granted (and not denied)? */
  readonly matches: (name: string) => boolean;
  /** The first deny entry (as written, `!` included) that takes this name away, or `undefined`. */
  readonly deniedBy: (name: string) => string | undefined;
}

/** A secret deny entry: the pattern and the entry as written. */
export interface SecretDeny {
  readonly entry: string;
  readonly pattern: SecretPattern;
}

const NEVER_DENIED = (): undefined => undefined;

/**
 * Compiles secret patterns into a matcher whose cost does not grow with the
 * number of exact entries: exact names live in a Set; prefixes are few and
 * checked by `startsWith`. Deny entries win whatever the order; a grant
 * without them pays nothing for them.
 *
 * // ([AWS_*], [!AWS_SECRET_ACCESS_KEY]): AWS_REGION => true; AWS_SECRET_ACCESS_KEY => false
 */
export function compileSecretMatcher(
  patterns: readonly SecretPattern[],
  denies: readonly SecretDeny[] = [],
): SecretMatcher {
  const allows = compileAllows(patterns);
  if (denies.length === 0) return Object.freeze({ matches: allows, deniedBy: NEVER_DENIED });
  const deniedBy = (name: string): string | undefined =>
    denies.find(({ pattern }) =>
      pattern.kind === 'exact' ? pattern.name === name : name.startsWith(pattern.prefix),
    )?.entry;
  return Object.freeze({
    matches: (name: string) => allows(name) && deniedBy(name) === undefined,
    deniedBy,
  });
}

function compileAllows(patterns: readonly SecretPattern[]): (name: string) => boolean {
  const names = new Set<string>();
  const prefixes: string[] = [];
  for (const pattern of patterns) {
    if (pattern.kind === 'exact') names.add(pattern.name);
    else prefixes.push(pattern.prefix);
  }
  // A lone `*` makes every other entry redundant.
  const any = prefixes.includes('');
  return (name) => any || names.has(name) || prefixes.some((prefix) => name.startsWith(prefix));
}
