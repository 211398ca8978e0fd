import { describe, expect, it } from 'vitest';
import { parseHostResource } from '../../../src/scope/host/parseHostResource.js';

describe('parseHostResource', () => {
  it.each([
    ['example.com', 'example.com', undefined],
    ['Example.COM.', 'example.com', undefined],
    ['example.com:80', 'example.com', 80],
    ['example.com:443', 'example.com', 443],
    ['bücher.de:8080', 'xn--bcher-kva.de', 8080],
    ['ｅｘａｍｐｌｅ。com', 'example.com', undefined],
    ['[::1]', '[::1]', undefined],
    ['[0:0::1]:8080', '[::1]', 8080],
    ['[::ffff:127.0.0.1]', '[::ffff:7f00:1]', undefined],
  ])('reads %j as host %j, port %j', (text, host, port) => {
    expect(parseHostResource(text)).toEqual({ ok: true, value: { host, port } });
  });

  it('keeps the default port when it is written (the URL parser would drop it)', () => {
    expect(parseHostResource('example.com:80')).toEqual({
      ok: true,
      value: { host: 'example.com', port: 80 },
    });
  });

  it.each([
    [null, 'must be a string'],
    [443, 'must be a string'],
    ['', 'empty'],
    ['example.com ', 'a space'],
    ['example.com\r', 'U+000D'],
    ['\u0000example.com', 'U+0000'],
    ['good.com/evil', '"/"'],
    ['good.com\\evil', '"\\"'],
    ['good.com?x', '"?"'],
    ['good.com#x', '"#"'],
    ['good.com@evil.com', '"@"'],
    ['evil%2ecom', '"%"'],
    ['::1', 'brackets'],
    ['fe80::1:80', 'brackets'],
    ['[::1', 'closing'],
    ['[::1]x', ':port'],
    ['example.com:', 'port'],
    ['example.com:0', 'port'],
    ['example.com:0443', 'port'],
    ['example.com:65536', 'port'],
    ['*.example.com', '"*"'],
    ['a..com', 'empty label'],
    ['http://example.com', '"/"'],
  ])('refuses %j (%s)', (text, fragment) => {
    const result = parseHostResource(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toContain(fragment);
  });
});
