import { fail, ok, type ScopeResult } from '../result.js';
import { parseHostPattern } from './parseHostPattern.js';
import type { HostPattern } from './types.js';

/** One entry of a grant's `network` list: a pattern that allows, or (rev 2) one that denies. */
export interface NetworkEntry {
  readonly deny: boolean;
  readonly pattern: HostPattern;
  /** The canonical entry: the pattern's text, after `!` for a deny. */
  readonly text: string;
}

/**
 * Parses one entry of a grant's `network` list: a host pattern, or `!` and a
 * host pattern (a deny entry, SPEC §5 rev 2).
 *
 * // *.Example.com => allow *.example.com; !10.0.0.0/8 => deny 10.0.0.0/8; !* => deny every host
 * // !!a.com, ! a.com, ! => refused
 *
 * @param text The untrusted entry.
 * @returns The entry, or the rule it broke.
 */
export function parseNetworkEntry(text: unknown): ScopeResult<NetworkEntry> {
  const deny = typeof text === 'string' && text.startsWith('!');
  // !!a.com => refused: the URL parser would read "!a.com" as a host name, so say it plainly
  if (deny && text.startsWith('!!')) {
    return fail(
      'a deny entry starts with one "!" followed by a host pattern, such as !*.corp.example.com',
    );
  }
  const pattern = parseHostPattern(deny ? text.slice(1) : text);
  if (!pattern.ok) {
    return deny ? fail(`after "!" (a deny entry): ${pattern.problem}`) : pattern;
  }
  const written = deny ? `!${pattern.value.text}` : pattern.value.text;
  return ok(Object.freeze({ deny, pattern: pattern.value, text: written }));
}
