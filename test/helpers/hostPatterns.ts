import { canonicalizeHost } from '../../src/scope/host/canonicalizeHost.js';
import { parseHostPattern } from '../../src/scope/host/parseHostPattern.js';
import type { CanonicalHost, HostPattern } from '../../src/scope/host/types.js';

/**
 * A host pattern a test means to be valid, parsed as a grant parses it; a
 * pattern that does not parse fails the test, naming it and its problem.
 *
 * // hostPattern('*.example.com:443') => { kind: 'wildcard', suffix: 'example.com', port: 443, … }
 */
export function hostPattern(text: string): HostPattern {
  const result = parseHostPattern(text);
  if (!result.ok) throw new Error(`${text}: ${result.problem}`);
  return result.value;
}

/**
 * A host as the gate reads it (canonicalized, not cast), for a test that
 * needs a `CanonicalHost`; one that does not canonicalize fails the test.
 *
 * // canonicalHost('[::FFFF:10.0.0.1]') => '[::ffff:a00:1]'
 */
export function canonicalHost(text: string): CanonicalHost {
  const result = canonicalizeHost(text);
  if (!result.ok) throw new Error(`${text}: ${result.problem}`);
  return result.value;
}
