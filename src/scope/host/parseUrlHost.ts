import { fail, ok, type ScopeResult } from '../result.js';
import { finishHostname } from './canonicalizeHost.js';
import { describeCharacter } from './describeCharacter.js';
import { findForbiddenCharacter } from './findForbiddenCharacter.js';
import { hasIgnorableCharacter } from './hasIgnorableCharacter.js';
import { readSimpleHostname } from './readSimpleHostname.js';
import type { HostAndPort } from './types.js';

// Case-sensitive on purpose: HTTPS:// is refused, so every reader sees the same scheme.
const SCHEMES: readonly (readonly [prefix: string, defaultPort: number])[] = [
  ['http://', 80],
  ['https://', 443],
  ['ws://', 80],
  ['wss://', 443],
];

/** The scheme the URL starts with, and its default port. A loop, not find(): it runs for every URL. */
function schemeOf(url: string): (typeof SCHEMES)[number] | undefined {
  for (const scheme of SCHEMES) if (url.startsWith(scheme[0])) return scheme;
  return undefined;
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
  // HTTPS://, javascript:, file:///, https:/good.com, http:good.com => refused
  const scheme = schemeOf(value);
  if (scheme === undefined) {
    return fail('the URL must start with http://, https://, ws:// or wss:// (in lower case)');
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
  // EXAMPLE.com. => example.com; 0x7f000001 => 127.0.0.1
  const host = finishHostname(url.hostname);
  if (!host.ok) return host;
  // Not frozen: a fresh, readonly-typed result that only the network check reads; this runs per URL.
  return ok({ host: host.value, port });
}
