import { describe, expect, it } from 'vitest';
import { parseHostPattern } from '../../../src/scope/host/parseHostPattern.js';

describe('parseHostPattern', () => {
  it('reads a lone * as any host', () => {
    expect(parseHostPattern('*')).toEqual({ ok: true, value: { kind: 'any', text: '*' } });
  });

  it.each([
    ['example.com', 'example.com', undefined, 'example.com'],
    ['Example.COM.', 'example.com', undefined, 'example.com'],
    ['api.example.com:8443', 'api.example.com', 8443, 'api.example.com:8443'],
    ['com', 'com', undefined, 'com'],
    ['bücher.de:443', 'xn--bcher-kva.de', 443, 'xn--bcher-kva.de:443'],
    ['ｅｘａｍｐｌｅ。com', 'example.com', undefined, 'example.com'],
    ['127.0.0.1', '127.0.0.1', undefined, '127.0.0.1'],
    ['127.0.0.1:80', '127.0.0.1', 80, '127.0.0.1:80'],
    ['10.0.0.1:65535', '10.0.0.1', 65535, '10.0.0.1:65535'],
    ['[0:0::1]', '[::1]', undefined, '[::1]'],
    ['[::1]:1', '[::1]', 1, '[::1]:1'],
  ])('reads %j as the exact host %j, port %j', (text, host, port, written) => {
    expect(parseHostPattern(text)).toEqual({
      ok: true,
      value: { kind: 'exact', host, port, text: written },
    });
  });

  it.each([
    ['*.example.com', 'example.com', undefined, '*.example.com'],
    ['*.EXAMPLE.com.', 'example.com', undefined, '*.example.com'],
    ['*.example.com:8443', 'example.com', 8443, '*.example.com:8443'],
    ['*.example.co.uk', 'example.co.uk', undefined, '*.example.co.uk'],
    ['*.user.github.io', 'user.github.io', undefined, '*.user.github.io'],
    ['*.corp.internal', 'corp.internal', undefined, '*.corp.internal'],
    ['*.Bücher.de', 'xn--bcher-kva.de', undefined, '*.xn--bcher-kva.de'],
    ['*.a.b.example.com', 'a.b.example.com', undefined, '*.a.b.example.com'],
  ])('reads %j as a wildcard over %j, port %j', (text, suffix, port, written) => {
    expect(parseHostPattern(text)).toEqual({
      ok: true,
      value: { kind: 'wildcard', suffix, port, text: written },
    });
  });

  it.each([
    [42, 'must be a string'],
    [undefined, 'must be a string'],
    [['example.com'], 'must be a string'],
    ['', 'empty'],
    [' example.com', 'a space'],
    ['example.com\n', 'U+000A'],
    ['exa\tmple.com', 'U+0009'],
    ['example.com/', '"/"'],
    // Only a pattern that starts with a digit or "[" is read as a range: a digit later is a host's.
    ['example.com/8', '"/"'],
    ['a1.example/x', '"/"'],
    ['example.com\\', '"\\"'],
    ['user@example.com', '"@"'],
    ['example.com?', '"?"'],
    ['example.com#', '"#"'],
    ['ex%61mple.com', '"%"'],
    ['*:443', 'write * for any host, or *.example.com'],
    ['**.example.com', 'write * for any host'],
    ['*example.com', 'write * for any host'],
    ['a.*.example.com', 'write * for any host'],
    ['*.*.example.com', 'write * for any host'],
    ['example.*', 'write * for any host'],
    ['*.', 'empty'],
    ['*.com', 'public suffix "com"'],
    ['*.co.uk', 'name a registrable domain such as *.example.co.uk'],
    ['*.github.io', 'public suffix "github.io"'],
    ['*.internal', 'public suffix "internal"'],
    ['*.com:443', 'public suffix "com"'],
    ['*.COM.', 'public suffix "com"'],
    ['*.1.2.3.4', 'IP address'],
    ['*.127.1', 'four decimal numbers'],
    ['127.1', 'four decimal numbers'],
    ['0x7f.0.0.1:80', 'four decimal numbers'],
    ['010.010.010.010', 'four decimal numbers'],
    ['*.[::1]', 'IP address'],
    ['::1', 'brackets'],
    ['[::1', 'closing'],
    ['example.com:', 'port'],
    ['example.com:0', 'port'],
    ['example.com:080', 'port'],
    ['example.com:65536', 'port'],
    ['example.com:+80', 'port'],
    ['example.com:-1', 'port'],
    ['a..b.com', 'empty label'],
    ['1.2.3.4.5', 'not a valid host'],
  ])('refuses %j (%s)', (text, fragment) => {
    const result = parseHostPattern(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toContain(fragment);
  });

  it('returns frozen patterns', () => {
    const result = parseHostPattern('*.example.com');
    expect(result.ok && Object.isFrozen(result.value)).toBe(true);
  });
});
