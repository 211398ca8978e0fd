import { describe, expect, it } from 'vitest';
import { formatIpRange } from '../../../src/scope/host/formatIpRange.js';

describe('formatIpRange', () => {
  it('writes an IPv4 range as address/prefix, with its port after a colon', () => {
    const range = { version: 4 as const, network: 0x0a010000n, prefix: 16 };
    expect(formatIpRange(range, undefined)).toBe('10.1.0.0/16');
    expect(formatIpRange(range, 443)).toBe('10.1.0.0/16:443');
  });

  it('writes an IPv6 range in its one canonical form, bracketed, with its port after a colon', () => {
    const range = { version: 6 as const, network: 0x20010db8n << 96n, prefix: 32 };
    expect(formatIpRange(range, undefined)).toBe('[2001:db8::]/32');
    expect(formatIpRange(range, 8443)).toBe('[2001:db8::]/32:8443');
  });
});
