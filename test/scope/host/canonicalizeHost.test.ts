import { describe, expect, it } from 'vitest';
import { canonicalizeHost } from '../../../src/scope/host/canonicalizeHost.js';

const canonical = (text: string): string | undefined => {
  const result = canonicalizeHost(text);
  return result.ok ? result.value : undefined;
};

describe('canonicalizeHost', () => {
  it.each([
    ['example.com', 'example.com'],
    ['EXAMPLE.Com', 'example.com'],
    ['example.com.', 'example.com'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['BÜCHER.de', 'xn--bcher-kva.de'],
    ['ｅｘａｍｐｌｅ。com', 'example.com'],
    ['127.0.0.1', '127.0.0.1'],
    ['0.0.0.0', '0.0.0.0'],
    ['255.255.255.255', '255.255.255.255'],
    ['[0:0::1]', '[::1]'],
    ['[::FFFF:127.0.0.1]', '[::ffff:7f00:1]'],
    ['com', 'com'],
  ])('canonicalizes %j to %j', (text, expected) => {
    expect(canonical(text)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['.', 'empty'],
    ['a..b', 'empty label'],
    ['.a', 'empty label'],
    ['a..', 'empty label'],
    ['a b', 'a space'],
    ['a\tb', 'U+0009'],
    ['a\u007fb', 'U+007F'],
    ['good.com/evil', '"/"'],
    ['good.com\\evil', '"\\"'],
    ['good.com?x', '"?"'],
    ['good.com#x', '"#"'],
    ['good@evil.com', '"@"'],
    ['a%2eb', '"%"'],
    ['example.com:80', 'brackets'],
    ['::1', 'brackets'],
    ['[::1]:80', 'brackets'],
    ['[::1', 'brackets'],
    ['*.example.com', '"*"'],
    ['＊.example.com', '"*"'],
    ['a<b', 'not a valid host'],
    ['1.2.3.4.5', 'not a valid host'],
    // SPEC §6.2 rev 2: IPv4 is written one way; every other spelling the URL parser reads as IPv4 is refused
    ['127.1', 'four decimal numbers'],
    ['0x7f.0.0.1', 'four decimal numbers'],
    ['0177.0.0.1', 'four decimal numbers'],
    ['010.010.010.010', 'four decimal numbers'],
    ['2130706433', 'four decimal numbers'],
    ['0x7f000001', 'four decimal numbers'],
    ['1.2.3.4.', 'four decimal numbers'],
    ['１２７.０.０.１', 'four decimal numbers'],
    ['127。0。0。1', 'four decimal numbers'],
    ['a.1', 'not a valid host'],
    ['xn--abc', 'not a valid host'],
    ['[v1.x]', 'not a valid host'],
  ])('refuses %j (%s)', (text, fragment) => {
    const result = canonicalizeHost(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toContain(fragment);
  });
});

describe('invisible characters', () => {
  it.each([
    'goo\u00ADd.com',
    'good\u200B.com',
    'go\u200Dod.com',
    'good.com\uFE0F',
    'g\u2060ood.com',
  ])('refuses %j, which IDNA would silently read as another host', (text) => {
    const result = canonicalizeHost(text);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toContain('invisible character');
  });
});
