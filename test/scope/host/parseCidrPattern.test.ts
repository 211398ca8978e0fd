import { describe, expect, it } from 'vitest';
import { parseHostPattern } from '../../../src/scope/host/parseHostPattern.js';
import { parseNetworkEntry } from '../../../src/scope/host/parseNetworkEntry.js';

describe('CIDR patterns (SPEC §6.2 rev 2, §13)', () => {
  it.each([
    ['10.0.0.0/8', 4, 0x0a000000n, 8, undefined, '10.0.0.0/8'],
    ['10.0.0.0/8:5432', 4, 0x0a000000n, 8, 5432, '10.0.0.0/8:5432'],
    ['0.0.0.0/0', 4, 0n, 0, undefined, '0.0.0.0/0'],
    ['10.1.2.3/32', 4, 0x0a010203n, 32, undefined, '10.1.2.3/32'],
    ['[FD00::]/8', 6, 0xfdn << 120n, 8, undefined, '[fd00::]/8'],
    ['[fd00:0::]/8:443', 6, 0xfdn << 120n, 8, 443, '[fd00::]/8:443'],
    ['[::]/0', 6, 0n, 0, undefined, '[::]/0'],
    ['[::1]/128', 6, 1n, 128, undefined, '[::1]/128'],
  ])('reads %j', (text, version, network, prefix, port, written) => {
    expect(parseHostPattern(text)).toEqual({
      ok: true,
      value: { kind: 'cidr', range: { version, network, prefix }, port, text: written },
    });
  });
  it.each([
    ['10.0.0.1/8', 'host bits'],
    ['[fd00::1]/8', 'host bits'],
    ['10.0.0.0/08', 'prefix length'],
    ['10.0.0.0/33', 'from 0 to 32'],
    ['[::]/129', 'from 0 to 128'],
    ['10.0.0.0/', 'prefix length'],
    ['10.0.0.0/8/8', 'prefix length'],
    ['10.0.0.0/-1', 'prefix length'],
    ['10.0.0.0/8:', 'port'],
    ['10.0.0.0/8:0', 'port'],
    ['010.0.0.0/8', 'four decimal numbers'],
    ['10.0/8', 'four decimal numbers'],
    ['1example.com/8', 'an IPv4 address in dotted decimal'],
    ['[fd00::]x/8', 'an IPv4 address in dotted decimal'],
    ['10.0.0.0/8 ', 'a space'],
    ['10.0.0.0/8#x', '"#"'],
  ])('refuses %j (%s)', (text, fragment) => {
    const result = parseHostPattern(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toContain(fragment);
  });

  it('names a host name where an address should be, with nothing after the example', () => {
    expect(parseHostPattern('1example.com/8')).toEqual({
      ok: false,
      problem:
        'a CIDR pattern starts with an IPv4 address in dotted decimal or a bracketed IPv6 address, such as 10.0.0.0/8 or [fd00::]/8',
    });
  });
});

describe('parseNetworkEntry', () => {
  it('reads an allow entry and a deny entry', () => {
    expect(parseNetworkEntry('*.Example.com')).toMatchObject({
      ok: true,
      value: { deny: false, text: '*.example.com' },
    });
    expect(parseNetworkEntry('!10.0.0.0/8')).toMatchObject({
      ok: true,
      value: { deny: true, text: '!10.0.0.0/8', pattern: { kind: 'cidr' } },
    });
    expect(parseNetworkEntry('!*')).toMatchObject({ ok: true, value: { deny: true, text: '!*' } });
  });
  it.each([
    ['!', 'deny entry'],
    ['!!a.com', 'one "!"'],
    ['! a.com', 'a space'],
    ['!*.com', 'public suffix'],
    [7, 'must be a string'],
  ])('refuses %j (%s)', (text, fragment) => {
    const result = parseNetworkEntry(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toContain(fragment);
  });
});
