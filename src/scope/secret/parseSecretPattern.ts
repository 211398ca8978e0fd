import { fail, ok, type ScopeResult } from '../result.js';
import { isSecretName } from './isSecretName.js';

/** A grant's secret entry: an exact name, a name prefix ending in `*`, or `*` for every name. */
export type SecretPattern =
  | { readonly kind: 'exact'; readonly name: string }
  | { readonly kind: 'prefix'; readonly prefix: string };

/**
 * Parses one grant secret entry.
 *
 * // SLACK_TOKEN => exact SLACK_TOKEN
 * // SLACK_*     => prefix SLACK_
 * // *           => prefix '' (every name)
 */
export function parseSecretPattern(text: unknown): ScopeResult<SecretPattern> {
  if (typeof text !== 'string') return fail('a secret entry must be a string');
  if (text === '*') return ok({ kind: 'prefix', prefix: '' });
  if (text.endsWith('*')) {
    const prefix = text.slice(0, -1);
    return isSecretName(prefix)
      ? ok({ kind: 'prefix', prefix })
      : fail(
          'a secret prefix must be 1–128 letters, digits, "_", "." or "-" followed by one "*", such as SLACK_*',
        );
  }
  return isSecretName(text)
    ? ok({ kind: 'exact', name: text })
    : fail(
        'a secret name must be 1–128 letters, digits, "_", "." or "-"; use a trailing "*" for a prefix',
      );
}
