import { describe, expect, it } from 'vitest';
import { describeCharacter } from '../../../src/scope/host/describeCharacter.js';
import { findForbiddenCharacter } from '../../../src/scope/host/findForbiddenCharacter.js';
import { isIpLiteral } from '../../../src/scope/host/isIpLiteral.js';
import { isPortCovered } from '../../../src/scope/host/isPortCovered.js';
import { isPublicSuffix } from '../../../src/scope/host/isPublicSuffix.js';
import { isStrictlyUnder } from '../../../src/scope/host/isStrictlyUnder.js';
import { parsePort } from '../../../src/scope/host/parsePort.js';
import { splitHostAndPort } from '../../../src/scope/host/splitHostAndPort.js';
import type { CanonicalHost } from '../../../src/scope/host/types.js';

const host = (text: string): CanonicalHost => text as CanonicalHost;

describe('parsePort', () => {
  it.each([
    ['1', 1],
    ['80', 80],
    ['65535', 65535],
  ])('reads %j as %d', (text, port) => {
    expect(parsePort(text)).toEqual({ ok: true, value: port });
  });

  it.each([
    '',
    '0',
    '00',
    '080',
    '65536',
    '99999',
    '100000',
    '+80',
    '-1',
    '8a',
    '0x50',
    '8.0',
    '٨٠',
    ' 80',
  ])('refuses %j', (text) => {
    expect(parsePort(text).ok).toBe(false);
  });
});

describe('splitHostAndPort', () => {
  it.each([
    ['example.com', 'example.com', undefined],
    ['example.com:8443', 'example.com', 8443],
    ['[::1]', '[::1]', undefined],
    ['[::1]:80', '[::1]', 80],
    ['1.2.3.4:5', '1.2.3.4', 5],
  ])('splits %j into %j and %j', (text, hostText, port) => {
    expect(splitHostAndPort(text)).toEqual({ ok: true, value: { hostText, port } });
  });

  it.each([
    ['::1', 'brackets'],
    ['a:b:80', 'brackets'],
    ['[::1', 'closing'],
    ['[::1]80', ':port'],
    ['[::1]:', 'port'],
    ['example.com:', 'port'],
    ['example.com:http', 'port'],
  ])('refuses %j (%s)', (text, fragment) => {
    const result = splitHostAndPort(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toContain(fragment);
  });
});

describe('findForbiddenCharacter and describeCharacter', () => {
  it('finds nothing in plain text', () => {
    expect(findForbiddenCharacter('example.com:443', '@')).toBeUndefined();
  });

  it.each([
    ['a b', ' ', 'a space'],
    ['a\nb', '\n', 'a control character (U+000A)'],
    ['a\u0000b', '\u0000', 'a control character (U+0000)'],
    ['a\u001fb', '\u001f', 'a control character (U+001F)'],
    ['a\u007fb', '\u007f', 'a control character (U+007F)'],
    ['a@b', '@', '"@"'],
  ])('finds the first refused character of %j', (text, character, description) => {
    expect(findForbiddenCharacter(text, '@')).toBe(character);
    expect(describeCharacter(character)).toBe(description);
  });

  it('does not refuse non-ASCII letters', () => {
    expect(findForbiddenCharacter('bücher.de', '@')).toBeUndefined();
  });
});

describe('isIpLiteral', () => {
  it.each(['127.0.0.1', '[::1]', '[::ffff:7f00:1]'])('is true for %j', (text) => {
    expect(isIpLiteral(host(text))).toBe(true);
  });
  it.each(['example.com', 'com', '1.example.com', 'xn--bcher-kva.de'])(
    'is false for %j',
    (text) => {
      expect(isIpLiteral(host(text))).toBe(false);
    },
  );
});

describe('isPublicSuffix', () => {
  it.each(['com', 'co.uk', 'github.io', 'internal', 'xn--55qx5d.cn', 'foo.ck', 's3.amazonaws.com'])(
    'is true for %j',
    (text) => {
      expect(isPublicSuffix(host(text))).toBe(true);
    },
  );
  it.each(['example.com', 'example.co.uk', 'user.github.io', 'corp.internal', 'www.ck'])(
    'is false for %j',
    (text) => {
      expect(isPublicSuffix(host(text))).toBe(false);
    },
  );
});

describe('isStrictlyUnder', () => {
  it.each([
    ['a.example.com', 'example.com', true],
    ['a.b.example.com', 'example.com', true],
    ['example.com', 'example.com', false],
    ['badexample.com', 'example.com', false],
    ['example.com.evil', 'example.com', false],
    ['com', 'example.com', false],
  ])('%j under %j is %j', (inner, domain, expected) => {
    expect(isStrictlyUnder(host(inner), host(domain))).toBe(expected);
  });
});

describe('isPortCovered', () => {
  it.each([
    [443, undefined, true],
    [undefined, undefined, true],
    [443, 443, true],
    [80, 443, false],
    [undefined, 443, false],
  ])('port %j under %j is %j', (port, allowed, expected) => {
    expect(isPortCovered(port, allowed)).toBe(expected);
  });
});
