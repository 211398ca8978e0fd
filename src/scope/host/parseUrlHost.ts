import { fail, ok, type ScopeResult } from '../result.js';
import { finishHostname } from './canonicalizeHost.js';
import { describeCharacter } from './describeCharacter.js';
import { findForbiddenCharacter } from './findForbiddenCharacter.js';
import { findIpv4SpellingProblem } from './findIpv4SpellingProblem.js';
import { hasIgnorableCharacter } from './hasIgnorableCharacter.js';
import { readSimpleHostname } from './readSimpleHostname.js';
import type { HostAndPort } from './types.js';

// Written in lower case; a URL's scheme is matched ignoring ASCII case (HTTPS:// is https://).
const SCHEMES: readonly (readonly [prefix: string, defaultPort: number])[] = [
  ['http://', 80],
  ['https://', 443],
  ['ws://', 80],
  ['wss://', 443],
];

/** The scheme the URL starts with, and its default port. A loop, not find(): it runs for every URL. */
function schemeOf(url: string): (typeof SCHEMES)[number] | undefined {
  for (const scheme of SCHEMES) if (startsWithIgnoringAsciiCase(url, scheme[0])) return scheme;
  return undefined;
}

/**
 * Does the text start with the lower-case prefix, ASCII letters compared
 * without case? Only A–Z fold: the URL parser folds nothing else in a
 * scheme, so `httpſ://` (long s) stays refused.
 *
 * // ("HTTPS://a", "https://") => true; ("httpſ://a", "https://") => false
 */
function startsWithIgnoringAsciiCase(text: string, prefix: string): boolean {
  if (text.startsWith(prefix)) return true;
  if (text.length < prefix.length) return false;
  for (let index = 0; index < prefix.length; index++) {
    const code = text.charCodeAt(index);
    const folded = code >= 0x41 && code <= 0x5a ? code + 0x20 : code;
    if (folded !== prefix.charCodeAt(index)) return false;
  }
  return true;
}

/** Where the authority ends: the first "/", "?" or "#" from `start`, or the end of the text. */
function endOfAuthority(text: string, start: number): number {
  for (let index = start; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x2f || code === 0x3f || code === 0x23) return index;
  }
  return text.length;
}

/**
 * Reads the host and port of a `url` resource, refusing any URL that parsers could read differently.
 *
 * @param value The untrusted value found at the resource pointer.
 * @returns The canonical host and the explicit or default port, or the rule the URL broke.
 */
export function parseUrlHost(value: unknown): ScopeResult<HostAndPort & { readonly port: number }> {
  if (typeof value !== 'string') return fail('a URL must be a string');
  // HTTPS:// => https://; javascript:, file:///, https:/good.com, http:good.com => refused
  const scheme = schemeOf(value);
  if (scheme === undefined) {
    return fail('the URL must start with http://, https://, ws:// or wss://');
  }
  const forbidden = findForbiddenCharacter(value, '\\');
  if (forbidden === '\\') {
    return fail('the URL contains a backslash, which parsers read differently; use "/" only');
  }
  if (forbidden !== undefined) {
    return fail(
      `the URL contains ${describeCharacter(forbidden)}, and nothing is stripped; remove it, or percent-encode it outside the host`,
    );
  }
  // https://good.com:8443/x?y#z => "good.com:8443"
  const authority = value.slice(scheme[0].length, endOfAuthority(value, scheme[0].length));
  if (authority === '') {
    return fail('the URL has no host after "://"; write one such as https://example.com/');
  }
  // https://api.example.com/x => api.example.com, 443, unparsed: INVARIANT a simple name with no port
  // passes every check below, and the URL parser and finishHostname return it as read, on the default port.
  const simple = readSimpleHostname(authority);
  if (simple !== undefined) return ok({ host: simple, port: scheme[1] });
  // https://good.com@evil.com, https://@good.com => refused
  if (authority.includes('@')) {
    return fail('the URL has user-info ("@") in its authority; write the host alone');
  }
  // https://%65vil.com, http://[fe80::1%25eth0] => refused
  if (authority.includes('%')) {
    return fail(
      'the URL has "%" in its authority; write the host without percent-encoding or an IPv6 zone id',
    );
  }
  // https://goo\u00ADd.com => refused: IDNA would delete the soft hyphen unseen
  if (hasIgnorableCharacter(authority)) {
    return fail(
      'the URL has an invisible character in its host that IDNA would delete; write the host without it',
    );
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail(
      'the URL could not be parsed; write an absolute URL such as https://example.com/path',
    );
  }
  // https://a.com => 443; https://a.com:8443 => 8443; http://a.com:80 => 80 (the parser hides default ports)
  const port = url.port === '' ? scheme[1] : Number(url.port);
  if (port === 0) return fail('the URL names port 0; write a port from 1 to 65535');
  // EXAMPLE.com. => example.com; 0x7f000001 => 127.0.0.1 (then refused below)
  const host = finishHostname(url.hostname);
  if (!host.ok) return host;
  // http://010.010.010.010/ => refused: WHATWG reads 8.8.8.8, Java and Python 10.10.10.10
  const spelling = findIpv4SpellingProblem(writtenHost(authority), host.value);
  if (spelling !== undefined) return fail(spelling);
  // Not frozen: a fresh, readonly-typed result that only the network check reads; this runs per URL.
  return ok({ host: host.value, port });
}

/**
 * The host as written in an authority without user-info: the text before the
 * last ":" (the port), or all of it. Only compared for IPv4, so brackets need no care.
 *
 * // 10.0.0.1:8080 => 10.0.0.1; 0x7f.1 => 0x7f.1; [::1]:80 => [:  (never IPv4, never compared)
 */
function writtenHost(authority: string): string {
  const colon = authority.lastIndexOf(':');
  return colon === -1 ? authority : authority.slice(0, colon);
}
