import { fail, ok, type ScopeResult } from '../result.js';
import { canonicalizeHost } from './canonicalizeHost.js';
import { describeCharacter } from './describeCharacter.js';
import { findForbiddenCharacter } from './findForbiddenCharacter.js';
import { formatHostAndPort } from './formatHostAndPort.js';
import { isIpLiteral } from './isIpLiteral.js';
import { isPublicSuffix } from './isPublicSuffix.js';
import { parseCidrPattern } from './parseCidrPattern.js';
import { splitHostAndPort } from './splitHostAndPort.js';
import type { HostPattern } from './types.js';

const ANY: HostPattern = /* @__PURE__ */ Object.freeze({ kind: 'any', text: '*' });

/**
 * Parses one network grant pattern: `*`, `example.com`, `*.example.com`, an IPv4 or
 * bracketed IPv6 address, or (rev 2) a CIDR range such as `10.0.0.0/8`, each but `*`
 * with an optional `:port`. IPv4 is accepted only in canonical dotted decimal.
 *
 * @param text The untrusted pattern.
 * @returns The canonical pattern, or the rule the text broke.
 */
export function parseHostPattern(text: unknown): ScopeResult<HostPattern> {
  if (typeof text !== 'string') return fail('a host pattern must be a string');
  if (text === '') return fail('the host pattern is empty; write a host such as example.com');
  // 10.0.0.0/8, [fd00::]/8:443 => a CIDR range (rev 2); example.com/ => refused below for its "/"
  if (text.includes('/') && /^[\d[]/.test(text)) return parseCidrPattern(text);
  const forbidden = findForbiddenCharacter(text, '/\\?#@%');
  if (forbidden !== undefined) {
    return fail(
      `the host pattern contains ${describeCharacter(forbidden)}; write only a host, *.domain, an address/prefix or *, with an optional :port`,
    );
  }
  // * => any host, any port
  if (text === '*') return ok(ANY);
  // *.Example.com:8443 => wildcard over "Example.com", port text "8443"
  const isWildcard = text.startsWith('*.');
  const rest = isWildcard ? text.slice(2) : text;
  // *:443, a.*.com, *example.com, **.com => refused
  if (rest.includes('*')) {
    return fail(
      '"*" may stand only alone or as a whole leading label; write * for any host, or *.example.com',
    );
  }
  const split = splitHostAndPort(rest);
  if (!split.ok) return split;
  const { hostText, port } = split.value;
  const host = canonicalizeHost(hostText);
  if (!host.ok) return host;
  const written = formatHostAndPort(host.value, port);
  if (!isWildcard) {
    // EXAMPLE.com:443 => example.com:443
    return ok(Object.freeze({ kind: 'exact', host: host.value, port, text: written }));
  }
  if (isIpLiteral(host.value)) {
    return fail('a wildcard cannot cover an IP address; name the address itself, such as 10.0.0.1');
  }
  if (isPublicSuffix(host.value)) {
    return fail(
      `a wildcard directly over the public suffix "${host.value}" is not allowed; name a registrable domain such as *.example.${host.value}`,
    );
  }
  // *.Bücher.de => *.xn--bcher-kva.de
  return ok(Object.freeze({ kind: 'wildcard', suffix: host.value, port, text: `*.${written}` }));
}
