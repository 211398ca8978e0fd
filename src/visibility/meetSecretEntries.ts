import { parseSecretPattern, type SecretPattern } from '../scope/secret/index.js';

/**
 * Which secret entry allows exactly the names both entries allow? Names
 * under prefixes form a tree, so the meet is exact: the longer prefix, or
 * the exact name when the other entry allows it.
 *
 * // (*, SLACK_TOKEN)           => SLACK_TOKEN
 * // (SLACK_*, SLACK_BOT_*)     => SLACK_BOT_*
 * // (SLACK_*, SLACK_TOKEN)     => SLACK_TOKEN
 * // (SLACK_*, GITHUB_*)        => undefined
 */
export function meetSecretEntries(x: string, y: string): string | undefined {
  const left = readPattern(x);
  const right = readPattern(y);
  if (left === undefined || right === undefined) return undefined;
  if (left.kind === 'exact' && right.kind === 'exact')
    return left.name === right.name ? x : undefined;
  if (left.kind === 'exact')
    return right.kind === 'prefix' && left.name.startsWith(right.prefix) ? x : undefined;
  if (right.kind === 'exact') return right.name.startsWith(left.prefix) ? y : undefined;
  if (left.prefix.startsWith(right.prefix)) return x;
  return right.prefix.startsWith(left.prefix) ? y : undefined;
}

function readPattern(entry: string): SecretPattern | undefined {
  // INVARIANT: grant entries were checked by createGrant, so this never fails for them.
  const pattern = parseSecretPattern(entry);
  return pattern.ok ? pattern.value : undefined;
}
