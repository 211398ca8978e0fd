import { describe, expect, it } from 'vitest';
import { canonicalizeHost } from '../../src/scope/host/canonicalizeHost.js';
import { parseHostPattern } from '../../src/scope/host/parseHostPattern.js';
import { parseHostResource } from '../../src/scope/host/parseHostResource.js';
import { parsePort } from '../../src/scope/host/parsePort.js';
import { parseUrlHost } from '../../src/scope/host/parseUrlHost.js';
import { splitHostAndPort } from '../../src/scope/host/splitHostAndPort.js';
import { canonicalizePath } from '../../src/scope/path/canonicalizePath.js';
import { canonicalizeRoot } from '../../src/scope/path/canonicalizeRoot.js';
import { toAbsoluteRawPath } from '../../src/scope/path/toAbsoluteRawPath.js';
import { validatePathText } from '../../src/scope/path/validatePathText.js';
import type { ScopeResult } from '../../src/scope/result.js';
import { parseSecretPattern } from '../../src/scope/secret/parseSecretPattern.js';

/**
 * Every problem sentence the scope layer can give, pinned: they reach users
 * and models as refusal details (and createGrant errors), so each one must
 * name the rule that was broken and say what to write instead.
 */
const READERS: Readonly<Record<string, (value: never) => ScopeResult<unknown>>> = {
  parseUrlHost,
  parseHostResource,
  parseHostPattern,
  canonicalizeHost,
  splitHostAndPort,
  parsePort,
  validatePathText: (value) => validatePathText(value, 'a path'),
  'toAbsoluteRawPath (no cwd)': (value) => toAbsoluteRawPath(value, undefined),
  'toAbsoluteRawPath (relative cwd)': (value) => toAbsoluteRawPath(value, 'rel'),
  'toAbsoluteRawPath (cwd with a backslash)': (value) => toAbsoluteRawPath(value, '/a\\b'),
  canonicalizeRoot,
  canonicalizePath: (value) => canonicalizePath(value, '/x'),
  parseSecretPattern,
};

const PROBLEMS: readonly (readonly [reader: string, input: unknown, problem: string])[] = [
  ['parseUrlHost', 42, 'a URL must be a string'],
  ['parseUrlHost', 'ftp://a.com', 'the URL must start with http://, https://, ws:// or wss://'],
  [
    'parseUrlHost',
    'https://a.com\\x',
    'the URL contains a backslash, which parsers read differently; use "/" only',
  ],
  [
    'parseUrlHost',
    'https://a.com/ x',
    'the URL contains a space, and nothing is stripped; remove it, or percent-encode it outside the host',
  ],
  [
    'parseUrlHost',
    'https://a.com/\tx',
    'the URL contains a control character (U+0009), and nothing is stripped; remove it, or percent-encode it outside the host',
  ],
  [
    'parseUrlHost',
    'https:///a.com',
    'the URL has no host after "://"; write one such as https://example.com/',
  ],
  [
    'parseUrlHost',
    'https://u@a.com',
    'the URL has user-info ("@") in its authority; write the host alone',
  ],
  [
    'parseUrlHost',
    'https://a%2ecom',
    'the URL has "%" in its authority; write the host without percent-encoding or an IPv6 zone id',
  ],
  [
    'parseUrlHost',
    'https://a\u00adb.com',
    'the URL has an invisible character in its host that IDNA would delete; write the host without it',
  ],
  [
    'parseUrlHost',
    'https://a.com:99999/',
    'the URL could not be parsed; write an absolute URL such as https://example.com/path',
  ],
  ['parseUrlHost', 'https://a.com:0/', 'the URL names port 0; write a port from 1 to 65535'],
  [
    'parseUrlHost',
    'https://a..com/',
    'the host has an empty label (two dots in a row, or a leading dot); remove the extra dot',
  ],
  [
    'parseUrlHost',
    'https://*.a.com/',
    'the host contains "*"; a wildcard belongs only in a grant pattern such as *.example.com',
  ],
  [
    'parseUrlHost',
    'https://a.com../',
    'the host has an empty label (two dots in a row, or a leading dot); remove the extra dot',
  ],
  ['parseHostResource', 1, 'a host must be a string'],
  ['parseHostResource', '', 'the host is empty; write a host such as example.com'],
  [
    'parseHostResource',
    'a.com/x',
    'the host contains "/"; write only the host, with an optional :port',
  ],
  [
    'parseHostResource',
    'a.com\n',
    'the host contains a control character (U+000A); write only the host, with an optional :port',
  ],
  [
    'parseHostResource',
    'a.com:',
    'the port must be a whole number from 1 to 65535, written without sign or leading zeros',
  ],
  [
    'parseHostResource',
    '::1',
    'an IPv6 address must be written in brackets, such as [::1] or [::1]:8080',
  ],
  ['parseHostResource', '[::1', 'the IPv6 address has no closing "]"; write it as [::1]'],
  [
    'parseHostResource',
    '[::1]x',
    'only ":port" may follow a bracketed IPv6 address, such as [::1]:8080',
  ],
  [
    'parseHostResource',
    'a\u00adb.com',
    'the host contains an invisible character that IDNA would delete; write the host without it',
  ],
  [
    'parseHostResource',
    'a b',
    'the host contains a space; write only the host, with an optional :port',
  ],
  [
    'parseHostResource',
    'a..b',
    'the host has an empty label (two dots in a row, or a leading dot); remove the extra dot',
  ],
  [
    'parseHostResource',
    '*',
    'the host contains "*"; a wildcard belongs only in a grant pattern such as *.example.com',
  ],
  [
    'parseHostResource',
    'exa|mple.com',
    'the host is not a valid host name or IP address; write a name such as example.com, an IPv4 address, or a bracketed IPv6 address such as [::1]',
  ],
  ['parseHostResource', '[::1:', 'the IPv6 address has no closing "]"; write it as [::1]'],
  ['parseHostPattern', 3, 'a host pattern must be a string'],
  ['parseHostPattern', '', 'the host pattern is empty; write a host such as example.com'],
  [
    'parseHostPattern',
    'a.com/x',
    'the host pattern contains "/"; write only a host, *.domain, an address/prefix or *, with an optional :port',
  ],
  [
    'parseHostPattern',
    '*:443',
    '"*" may stand only alone or as a whole leading label; write * for any host, or *.example.com',
  ],
  [
    'parseHostPattern',
    'a.*.com',
    '"*" may stand only alone or as a whole leading label; write * for any host, or *.example.com',
  ],
  [
    'parseHostPattern',
    '*.10.0.0.1',
    'a wildcard cannot cover an IP address; name the address itself, such as 10.0.0.1',
  ],
  [
    'parseHostPattern',
    '*.com',
    'a wildcard directly over the public suffix "com" is not allowed; name a registrable domain such as *.example.com',
  ],
  [
    'parseHostPattern',
    '*.co.uk',
    'a wildcard directly over the public suffix "co.uk" is not allowed; name a registrable domain such as *.example.co.uk',
  ],
  [
    'parseHostPattern',
    '*.[::1]',
    'a wildcard cannot cover an IP address; name the address itself, such as 10.0.0.1',
  ],
  ['canonicalizeHost', '', 'the host is empty; write a host name such as example.com'],
  ['canonicalizeHost', 'a@b', 'the host contains "@"; write the host name alone'],
  [
    'canonicalizeHost',
    'a\u200bb',
    'the host contains an invisible character that IDNA would delete; write the host without it',
  ],
  [
    'canonicalizeHost',
    '[::1]:80',
    'an IPv6 address must be written in brackets, such as [::1], with nothing after "]"',
  ],
  [
    'canonicalizeHost',
    'a:b',
    'an IPv6 address must be written in brackets, such as [::1], with nothing after "]"',
  ],
  [
    'canonicalizeHost',
    'a|b',
    'the host is not a valid host name or IP address; write a name such as example.com, an IPv4 address, or a bracketed IPv6 address such as [::1]',
  ],
  ['canonicalizeHost', '.', 'the host is empty; write a host name such as example.com'],
  [
    'canonicalizeHost',
    '.a',
    'the host has an empty label (two dots in a row, or a leading dot); remove the extra dot',
  ],
  [
    'canonicalizeHost',
    '\uff0a.com',
    'the host contains "*"; a wildcard belongs only in a grant pattern such as *.example.com',
  ],
  ['splitHostAndPort', '[::1', 'the IPv6 address has no closing "]"; write it as [::1]'],
  [
    'splitHostAndPort',
    '[::1]x',
    'only ":port" may follow a bracketed IPv6 address, such as [::1]:8080',
  ],
  [
    'splitHostAndPort',
    '::1',
    'an IPv6 address must be written in brackets, such as [::1] or [::1]:8080',
  ],
  [
    'splitHostAndPort',
    'a:0',
    'the port must be a whole number from 1 to 65535, written without sign or leading zeros',
  ],
  [
    'parsePort',
    '08',
    'the port must be a whole number from 1 to 65535, written without sign or leading zeros',
  ],
  ['validatePathText', 1, 'a path must be a string, not a number; pass the path as text'],
  ['validatePathText', null, 'a path must be a string, not null; pass the path as text'],
  ['validatePathText', [], 'a path must be a string, not an array; pass the path as text'],
  [
    'validatePathText',
    '',
    'a path must not be empty; pass an absolute path such as "/srv/project/file.txt"',
  ],
  [
    'validatePathText',
    'a\u0000',
    'a path must not contain a NUL character (the OS would cut the path short); remove it',
  ],
  [
    'validatePathText',
    'a\\b',
    'a path must not contain a backslash (an ambiguous separator); use "/"',
  ],
  [
    'toAbsoluteRawPath (no cwd)',
    'a',
    'a relative path needs an absolute cwd in the context; pass an absolute path or set cwd',
  ],
  [
    'toAbsoluteRawPath (relative cwd)',
    'a',
    'a relative path needs an absolute cwd in the context; pass an absolute path or set cwd',
  ],
  [
    'toAbsoluteRawPath (cwd with a backslash)',
    'a',
    'the context\'s cwd must not contain a backslash (an ambiguous separator); use "/"',
  ],
  [
    'canonicalizeRoot',
    'srv',
    'a folder root must be an absolute POSIX path starting with "/"; write it in full, such as "/srv/project"',
  ],
  ['canonicalizeRoot', 5, 'a folder root must be a string, not a number; pass the path as text'],
  [
    'canonicalizePath',
    '',
    'a path must not be empty; pass an absolute path such as "/srv/project/file.txt"',
  ],
  ['parseSecretPattern', 1, 'a secret entry must be a string'],
  [
    'parseSecretPattern',
    'A B*',
    'a secret prefix must be 1–128 letters, digits, "_", "." or "-" followed by one "*", such as SLACK_*',
  ],
  [
    'parseSecretPattern',
    'A B',
    'a secret name must be 1–128 letters, digits, "_", "." or "-"; use a trailing "*" for a prefix',
  ],
  [
    'parseSecretPattern',
    '**',
    'a secret prefix must be 1–128 letters, digits, "_", "." or "-" followed by one "*", such as SLACK_*',
  ],
];

describe("the scope layer's problem sentences", () => {
  it.each(PROBLEMS)('%s(%j) => %s', (reader, input, problem) => {
    const read = READERS[reader] as (value: unknown) => ScopeResult<unknown>;
    expect(read(input)).toEqual({ ok: false, problem });
  });
});
