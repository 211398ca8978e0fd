import { describe, expect, it } from 'vitest';
import { compileHostMatcher } from '../../../src/scope/host/compileHostMatcher.js';
import { parseUrlHost } from '../../../src/scope/host/parseUrlHost.js';
import { hostPattern as pattern } from '../../helpers/hostPatterns.js';

describe('parseUrlHost', () => {
  it.each([
    ['http://example.com', 'example.com', 80],
    ['http://example.com/', 'example.com', 80],
    ['https://example.com/path?q=1#f', 'example.com', 443],
    ['ws://example.com/socket', 'example.com', 80],
    ['wss://example.com', 'example.com', 443],
    ['https://example.com:443/', 'example.com', 443],
    ['http://example.com:80/', 'example.com', 80],
    ['https://example.com:8443/', 'example.com', 8443],
    ['http://example.com:443/', 'example.com', 443],
    ['https://example.com:/', 'example.com', 443],
    ['https://EXAMPLE.Com/', 'example.com', 443],
    ['https://example.com./', 'example.com', 443],
    ['https://bücher.de', 'xn--bcher-kva.de', 443],
    ['https://ｅｘａｍｐｌｅ。com/', 'example.com', 443],
    ['http://[::1]:8080/', '[::1]', 8080],
    ['http://[0:0::1]/', '[::1]', 80],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]', 80],
    ['https://evil.com#@good.com', 'evil.com', 443],
    ['https://evil.com?@good.com', 'evil.com', 443],
    ['https://evil.com/@good.com', 'evil.com', 443],
    ['https://good.com.evil.com/', 'good.com.evil.com', 443],
    ['https://example.com/a%20b?c=%40', 'example.com', 443],
    // SPEC §6.2: the scheme is matched ignoring case
    ['HTTPS://GOOD.COM/', 'good.com', 443],
    ['Http://good.com', 'good.com', 80],
    ['wSs://good.com:8443/x', 'good.com', 8443],
    ['http://127.0.0.1:8080/', '127.0.0.1', 8080],
  ])('reads %j as host %j, port %d', (url, host, port) => {
    expect(parseUrlHost(url)).toEqual({ ok: true, value: { host, port } });
  });

  it.each([
    [undefined, 'must be a string'],
    [{ href: 'https://good.com' }, 'must be a string'],
    ['', 'must start with http://'],
    ['javascript:alert(1)', 'must start with http://'],
    ['file:///etc/passwd', 'must start with http://'],
    ['ftp://good.com', 'must start with http://'],
    ['https:/good.com', 'must start with http://'],
    ['HTTPS:/good.com', 'must start with http://'],
    ['httpſ://good.com', 'must start with http://'],
    ['HTTPK://good.com', 'must start with http://'],
    // A scheme is read at the start only, not wherever its text appears.
    ['ftp://evil.com/https://', 'must start with http://'],
    ['evil.com/HTTPS://', 'must start with http://'],
    // SPEC §6.2 rev 2: only canonical dotted-decimal IPv4
    ['http://010.010.010.010/', 'four decimal numbers'],
    ['http://0x7f000001/', 'four decimal numbers'],
    ['http://2130706433/', 'four decimal numbers'],
    ['http://0177.0.0.1/', 'four decimal numbers'],
    ['http://127.1/', 'four decimal numbers'],
    ['http://127.1:80/', 'four decimal numbers'],
    ['http://127.0.0.1./', 'four decimal numbers'],
    ['HTTP://0x7F.1/', 'four decimal numbers'],
    ['https:good.com', 'must start with http://'],
    ['//good.com', 'must start with http://'],
    [' https://good.com', 'must start with http://'],
    ['https://good.com\\@evil.com', 'backslash'],
    ['https://evil.com\\.good.com', 'backslash'],
    ['https://good.com/\\evil', 'backslash'],
    ['https://good.com\t.evil.com', 'U+0009'],
    ['https://go\nod.com', 'U+000A'],
    ['https://good.com\r\n', 'U+000D'],
    ['https://good.com ', 'a space'],
    ['https://good.com/a b', 'a space'],
    ['https://good.com\u0000', 'U+0000'],
    ['https://good.com\u007f', 'U+007F'],
    ['https://', 'no host'],
    ['https:///good.com', 'no host'],
    ['https://?good.com', 'no host'],
    ['https://#good.com', 'no host'],
    ['https://good.com@evil.com', 'user-info'],
    ['https://good.com:443@evil.com', 'user-info'],
    ['https://user:pass@good.com', 'user-info'],
    ['https://@good.com', 'user-info'],
    ['https://%65vil.com', '"%"'],
    ['https://good.com%2eevil.com', '"%"'],
    ['http://[fe80::1%25eth0]/', '"%"'],
    ['https://good.com:65536/', 'could not be parsed'],
    ['https://good.com:443.evil.com/', 'could not be parsed'],
    ['https://a<b.com/', 'could not be parsed'],
    ['http://a.com:0/', 'port 0'],
    ['https://a..com/', 'empty label'],
    ['https://＊.good.com/', '"*"'],
  ])('refuses %j (%s)', (url, fragment) => {
    const result = parseUrlHost(url);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toContain(fragment);
  });

  describe('against the scope { good.com, *.good.com, 127.0.0.1:80 }', () => {
    const matcher = compileHostMatcher(['good.com', '*.good.com', '127.0.0.1:80'].map(pattern));
    const isAllowed = (url: string): boolean => {
      const result = parseUrlHost(url);
      return result.ok && matcher.matches(result.value.host, result.value.port);
    };

    it.each([
      'https://good.com/',
      'https://api.good.com/',
      'https://a.b.good.com:8443/',
      'https://GOOD.com./',
      'https://ｇｏｏｄ。ｃｏｍ/',
      'http://127.0.0.1/',
      'HTTPS://good.com',
      'Https://API.good.com/x',
    ])('allows %j', (url) => {
      expect(isAllowed(url)).toBe(true);
    });

    it.each([
      'https://good.com@evil.com',
      'https://good.com\\@evil.com',
      'https://evil.com#@good.com',
      'https://evil.com?@good.com',
      'https://good.com.evil.com',
      'https://evilgood.com',
      'https://@good.com',
      'http://0x7f000001/',
      'http://127.1/',
      'https:/good.com',
      'https://good.com\t',
      'http://127.1:8080/',
      'https://127.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
    ])('refuses %j', (url) => {
      expect(isAllowed(url)).toBe(false);
    });
  });
});

describe('invisible characters in the authority', () => {
  it.each(['https://goo\u00ADd.com/', 'https://good\u200B.com/x', 'wss://g\u2060ood.com:8443'])(
    'refuses %j, which IDNA would silently read as another host',
    (url) => {
      const result = parseUrlHost(url);
      expect(!result.ok && result.problem).toContain('invisible character');
    },
  );

  it('still allows invisible characters outside the authority', () => {
    expect(parseUrlHost('https://good.com/a\u00ADb').ok).toBe(true);
  });
});
