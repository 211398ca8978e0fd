import { describe, expect, it } from 'vitest';
import {
  embeddedIpv4Hosts,
  embeddedIpv4Values,
  ipv6FormsOfRange,
} from '../../../src/scope/host/embeddedIpv4.js';
import { formatIpRange } from '../../../src/scope/host/formatIpRange.js';
import { readIpv6 } from '../../../src/scope/host/readIpv6.js';
import type { CanonicalHost } from '../../../src/scope/host/types.js';

const host = (text: string) => text as CanonicalHost;

describe('embeddedIpv4Hosts (SPEC §14.2)', () => {
  it.each([
    ['[::ffff:cb00:7105]', ['203.0.113.5']],
    ['[64:ff9b::cb00:7105]', ['203.0.113.5']],
    ['[::cb00:7105]', ['203.0.113.5']],
    ['[::2]', ['0.0.0.2']],
    ['[::ffff:0:0]', ['0.0.0.0']],
  ])('reads %s as %j', (text, expected) => {
    expect(embeddedIpv4Hosts(host(text))).toEqual(expected);
  });

  it.each([
    '[::]',
    '[::1]',
    '[2001:db8::1]',
    '[64:ff9b:2::cb00:7105]',
    '[::1:0:0:0]',
    'example.com',
    '10.0.0.1',
  ])('reads nothing in %s', (text) => {
    expect(embeddedIpv4Hosts(host(text))).toEqual([]);
  });

  it('reads 64:ff9b:1::/48 at each RFC 6052 position: /48, /56, /64 and /96', () => {
    // 203.0.113.5 = cb.00.71.05, placed for each prefix length, with the u octet (bits 64–71) zero
    const placed = {
      48: '[64:ff9b:1:cb00:71:500::]',
      56: '[64:ff9b:1:cb:0:7105::]',
      64: '[64:ff9b:1:0:cb:71:500:0]',
      96: '[64:ff9b:1::cb00:7105]',
    };
    for (const text of Object.values(placed)) {
      expect(embeddedIpv4Hosts(host(text))).toContain('203.0.113.5');
    }
  });
});

describe('embeddedIpv4Values', () => {
  it('gives the last 32 bits under each /96 embedding', () => {
    const value = readIpv6(host('[::ffff:a00:1]'));
    expect(value).toBeDefined();
    expect(embeddedIpv4Values(value ?? 0n)).toEqual([0x0a000001]);
  });
});

describe('ipv6FormsOfRange', () => {
  it('gives the /96 forms of an IPv4 range and all of 64:ff9b:1::/48', () => {
    const forms = ipv6FormsOfRange({ version: 4, network: 0x0a000000n, prefix: 8 });
    expect(forms.map((range) => formatIpRange(range, undefined))).toEqual([
      '[::a00:0]/104',
      '[::ffff:a00:0]/104',
      '[64:ff9b::a00:0]/104',
      '[64:ff9b:1::]/48',
    ]);
  });

  it('gives nothing for an IPv6 range', () => {
    expect(ipv6FormsOfRange({ version: 6, network: 0n, prefix: 0 })).toEqual([]);
  });
});
