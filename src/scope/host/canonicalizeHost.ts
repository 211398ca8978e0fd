import { fail, ok, type ScopeResult } from '../result.js';
import { describeCharacter } from './describeCharacter.js';
import { findForbiddenCharacter } from './findForbiddenCharacter.js';
import { findIpv4SpellingProblem } from './findIpv4SpellingProblem.js';
import { hasIgnorableCharacter } from './hasIgnorableCharacter.js';
import { readSimpleHostname } from './readSimpleHostname.js';
import type { CanonicalHost } from './types.js';

/**
 * Canonicalizes host text the way the WHATWG URL parser reads it.
 *
 * @param text A host alone: a name, a canonical dotted-decimal IPv4 address, or a bracketed IPv6 address.
 * @returns The canonical host, or the rule the text broke.
 */
export function canonicalizeHost(text: string): ScopeResult<CanonicalHost> {
  // api.example.com => itself, unparsed: INVARIANT a simple name passes every check below,
  // and the URL parser and finishHostname return it as read (test/scope/host/readSimpleHostname.test.ts).
  const simple = readSimpleHostname(text);
  if (simple !== undefined) return ok(simple);
  if (text === '') return fail('the host is empty; write a host name such as example.com');
  // "good.com/x", "a@b", "a%2eb" => refused: each would change what the URL parser reads as the host
  const forbidden = findForbiddenCharacter(text, '/\\?#@%');
  if (forbidden !== undefined) {
    return fail(`the host contains ${describeCharacter(forbidden)}; write the host name alone`);
  }
  // goo\u00ADd.com => refused: IDNA deletes invisible characters (soft hyphen,
  // zero-width joiners, variation selectors), so a parser without IDNA would
  // read a different host than the gate does.
  if (hasIgnorableCharacter(text)) {
    return fail(
      'the host contains an invisible character that IDNA would delete; write the host without it',
    );
  }
  const bracketed = text.startsWith('[');
  // "[::1]:80" => refused here: a port is split off before a host is canonicalized
  if (bracketed ? text.indexOf(']') !== text.length - 1 : text.includes(':')) {
    return fail(
      'an IPv6 address must be written in brackets, such as [::1], with nothing after "]"',
    );
  }
  let hostname: string;
  try {
    // EXAMPLE.com => example.com; bücher.de => xn--bcher-kva.de; ｅｘａｍｐｌｅ。com => example.com
    // [0:0::1] => [::1]; 127.1, 0x7f.0.0.1 => 127.0.0.1 (then refused below as not canonical)
    hostname = new URL(`http://${text}/`).hostname;
  } catch {
    return fail(
      'the host is not a valid host name or IP address; write a name such as example.com, an IPv4 address, or a bracketed IPv6 address such as [::1]',
    );
  }
  // INVARIANT: with "/ \ ? # @ %" and stray ":" refused above, the URL parser read all of `text` as the host.
  const host = finishHostname(hostname);
  if (!host.ok) return host;
  // 127.1, 0x7f.0.0.1, 0177.0.0.1, 2130706433 => refused: only 127.0.0.1 itself is IPv4 (SPEC §6.2 rev 2)
  const spelling = findIpv4SpellingProblem(text, host.value);
  return spelling === undefined ? host : fail(spelling);
}

/**
 * Finishes a hostname the WHATWG URL parser produced: drops one trailing dot,
 * refuses what has no canonical form. Used directly on `new URL(...).hostname`
 * so a URL is parsed once, not twice.
 *
 * @param hostname `URL.hostname`: already lower-case, IDNA-encoded, IPv4 normalized.
 */
export function finishHostname(hostname: string): ScopeResult<CanonicalHost> {
  // example.com. => example.com (one trailing dot only)
  const host = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (host === '') return fail('the host is empty; write a host name such as example.com');
  // a..b, .a, a.. => refused: an empty label has no canonical form (a.. would become a. and then a).
  // A bracketed IPv6 hostname never has a ".": the URL parser writes it in hex ([::ffff:102:304]).
  if (host.startsWith('.') || host.endsWith('.') || host.includes('..')) {
    return fail(
      'the host has an empty label (two dots in a row, or a leading dot); remove the extra dot',
    );
  }
  // ＊.com => *.com => refused: "*" is pattern syntax, never part of a host
  if (host.includes('*')) {
    return fail(
      'the host contains "*"; a wildcard belongs only in a grant pattern such as *.example.com',
    );
  }
  return ok(host as CanonicalHost);
}
