import { describe, expect, it } from 'vitest';
import { splitHostAndPort } from '../../../src/scope/host/splitHostAndPort.js';

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
