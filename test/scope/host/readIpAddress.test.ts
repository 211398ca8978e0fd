import { describe, expect, it } from 'vitest';
import { readIpAddress } from '../../../src/scope/host/readIpAddress.js';
import type { CanonicalHost } from '../../../src/scope/host/types.js';

const read = (host: string) => readIpAddress(host as CanonicalHost);

describe('readIpAddress', () => {
  it('reads an IPv4 address as version 4 and a bracketed IPv6 one as version 6', () => {
    expect(read('10.0.0.1')).toEqual({ version: 4, value: 0x0a000001n });
    expect(read('[::1]')).toEqual({ version: 6, value: 1n });
    expect(read('[::ffff:a00:1]')).toEqual({ version: 6, value: 0xffff0a000001n });
  });

  it('answers undefined for a host name or anything else that is not an address (not a throw)', () => {
    for (const host of ['example.com', 'localhost', '10.0.0', '[example]', '[', ''])
      expect(read(host), host).toBeUndefined();
  });
});
